// NIP-47 — Nostr Wallet Connect: one connection the wallet service serves (one client, one service key, as the
// connection URI section recommends), with what it may do.

import CashuEngine

/// A client's connection to the wallet: its keys, relays, permissions, budget and lifetime.
///
/// Stored as JSON (``Codable``): the service's private key is in it (`serviceSecret`), so a store keeps it sealed.
/// ``description`` and ``debugDescription`` never print it. The client's secret is not kept (NIP-47: the service
/// SHOULD NOT store it); only its public key is.
package struct NWCConnection: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    /// A short random id (16 hex characters) for listing and revoking.
    package var id: String
    /// The name the user gave the connection (the client app's name).
    package var name: String
    /// The client's public key: requests must be signed by it, responses go to it.
    package var clientPublicKey: NostrPublicKey
    /// The service's key pair for this connection alone: requests are addressed to its public key, responses signed
    /// by it.
    package var serviceKeys: NostrKeyPair
    /// The relays the service listens on for this connection.
    package var relays: [NostrRelayURL]
    /// The methods the client may use.
    package var methods: [NWCMethod]
    /// The notifications the client gets.
    package var notifications: [NWCNotificationType]
    /// The spending budget; `nil` for none.
    package var budget: NWCBudget?
    /// A Lightning address the URI offers the client.
    package var lud16: String?
    /// When the connection was made, seconds since the epoch.
    package var createdAt: Int64
    /// When it stops working, if ever.
    package var expiresAt: Int64?
    /// When it was revoked, if it was.
    package var revokedAt: Int64?

    enum CodingKeys: String, CodingKey {
        case id, name, clientPublicKey, serviceSecret, relays, methods, notifications, budget, lud16, createdAt
        case expiresAt, revokedAt
    }

    package init(
        id: String, name: String, clientPublicKey: NostrPublicKey, serviceKeys: NostrKeyPair,
        relays: [NostrRelayURL], methods: [NWCMethod], notifications: [NWCNotificationType] = [],
        budget: NWCBudget? = nil, lud16: String? = nil, createdAt: Int64, expiresAt: Int64? = nil,
        revokedAt: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.clientPublicKey = clientPublicKey
        self.serviceKeys = serviceKeys
        self.relays = relays
        self.methods = methods
        self.notifications = notifications
        self.budget = budget
        self.lud16 = lud16
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    /// A new connection with fresh keys, and the URI to hand its client (the only place the client's secret is).
    ///
    /// - Parameters:
    ///   - name: the connection's name.
    ///   - relays: the relays the service will listen on (at least one).
    ///   - methods: the methods the client may use.
    ///   - notifications: the notifications it gets.
    ///   - budget: its spending budget, if any.
    ///   - lud16: a Lightning address for the URI.
    ///   - createdAt: now.
    ///   - expiresAt: when it stops working, if ever.
    /// - Returns: the connection to store and the URI to show once.
    package static func create(
        name: String, relays: [NostrRelayURL], methods: [NWCMethod] = NWCMethod.walletServiceMethods,
        notifications: [NWCNotificationType] = [.paymentReceived, .paymentSent], budget: NWCBudget? = nil,
        lud16: String? = nil, createdAt: Int64, expiresAt: Int64? = nil
    ) -> (connection: NWCConnection, uri: NWCConnectionURI) {
        let client = NostrKeyPair.random()
        let service = NostrKeyPair.random()
        let id = Hex.encode(Scalar.random().exposedSecretBytes.prefix(8))
        let connection = NWCConnection(
            id: id, name: name, clientPublicKey: client.publicKey, serviceKeys: service, relays: relays,
            methods: methods, notifications: notifications, budget: budget, lud16: lud16, createdAt: createdAt,
            expiresAt: expiresAt)
        let uri = NWCConnectionURI(walletPublicKey: service.publicKey, relays: relays, secret: client, lud16: lud16)
        return (connection, uri)
    }

    /// The public key requests are addressed to (`p` tag) and responses signed by.
    package var servicePublicKey: NostrPublicKey { serviceKeys.publicKey }

    /// Whether the connection was revoked.
    package var isRevoked: Bool { revokedAt != nil }

    /// Whether it serves requests at `time`: not revoked, not expired.
    package func isActive(at time: Int64) -> Bool { !isRevoked && expiresAt.map { time < $0 } ?? true }

    /// Whether the client may use `method`.
    package func allows(_ method: NWCMethod) -> Bool { methods.contains(method) }

    package var description: String { "NWCConnection(\(id) \"\(name)\", client \(clientPublicKey.hex))" }

    package var debugDescription: String {
        "NWCConnection(id: \(id), name: \(name), client: \(clientPublicKey.hex), service: \(servicePublicKey.hex), "
            + "service secret: <redacted>, relays: \(relays.map(\.string)), methods: \(methods.map(\.rawValue)), "
            + "budget: \(budget.map(\.text) ?? "none"), revoked: \(isRevoked))"
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        clientPublicKey = try container.decode(NostrPublicKey.self, forKey: .clientPublicKey)
        do {
            serviceKeys = try NostrKeyPair(privateKeyHex: try container.decode(String.self, forKey: .serviceSecret))
        } catch let error as NostrError {
            throw DecodingError.dataCorruptedError(
                forKey: .serviceSecret, in: container, debugDescription: error.reason)
        }
        relays = try container.decode([NostrRelayURL].self, forKey: .relays)
        methods = try container.decode([NWCMethod].self, forKey: .methods)
        notifications = try container.decodeIfPresent([NWCNotificationType].self, forKey: .notifications) ?? []
        budget = try container.decodeIfPresent(NWCBudget.self, forKey: .budget)
        lud16 = try container.decodeIfPresent(String.self, forKey: .lud16)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        expiresAt = try container.decodeIfPresent(Int64.self, forKey: .expiresAt)
        revokedAt = try container.decodeIfPresent(Int64.self, forKey: .revokedAt)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(clientPublicKey, forKey: .clientPublicKey)
        try container.encode(serviceKeys.privateKey.exposedSecretHex, forKey: .serviceSecret)
        try container.encode(relays, forKey: .relays)
        try container.encode(methods, forKey: .methods)
        try container.encode(notifications, forKey: .notifications)
        try container.encodeIfPresent(budget, forKey: .budget)
        try container.encodeIfPresent(lud16, forKey: .lud16)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try container.encodeIfPresent(revokedAt, forKey: .revokedAt)
    }
}
