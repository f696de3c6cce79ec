// NIP-47 — Nostr Wallet Connect: what the wallet keeps of a connection in its store's metadata — every public part,
// never a private key (the service key is in the secure store, the client's secret is not kept at all).

import CashuNostr
import CoreCashu

/// The stored record of one wallet connection (a front end reads it as ``WalletConnection``).
///
/// The wallet store's metadata is not sealed at rest, so this holds only what may be read: ids, public keys, relays,
/// permissions, budget, times and the mint the connection pays from. The service's private key lives in the secure
/// store under `SecureStoreKey/nwcServiceKey(_:)`; revoking deletes it.
package struct NWCConnectionRecord: Sendable, Hashable, Codable {
    /// The connection's id (16 hex characters).
    package var id: String
    /// The name the user gave it.
    package var name: String
    /// The client's public key: requests must be signed by it.
    package var clientPublicKey: NostrPublicKey
    /// The service's public key for this connection: requests are addressed to it.
    package var servicePublicKey: NostrPublicKey
    /// The relays the service listens on for it.
    package var relays: [NostrRelayURL]
    /// What the client may do.
    package var methods: [NWCMethod]
    /// The notifications it gets.
    package var notifications: [NWCNotificationType]
    /// Its spending budget; `nil` for none.
    package var budget: NWCBudget?
    /// The mint it pays from and makes invoices at (chosen when it was added).
    package var mint: MintURL
    /// When it was made, seconds since the epoch.
    package var createdAt: Int64
    /// When it stops working, if ever.
    package var expiresAt: Int64?
    /// When it was revoked, if it was.
    package var revokedAt: Int64?

    package init(_ connection: NWCConnection, mint: MintURL) {
        id = connection.id
        name = connection.name
        clientPublicKey = connection.clientPublicKey
        servicePublicKey = connection.servicePublicKey
        relays = connection.relays
        methods = connection.methods
        notifications = connection.notifications
        budget = connection.budget
        self.mint = mint
        createdAt = connection.createdAt
        expiresAt = connection.expiresAt
        revokedAt = connection.revokedAt
    }

    /// The connection the request handler works with, given its service key.
    ///
    /// - Returns: `nil` when `serviceKeys` is not this record's service key.
    package func connection(serviceKeys: NostrKeyPair) -> NWCConnection? {
        guard serviceKeys.publicKey == servicePublicKey else { return nil }
        return NWCConnection(
            id: id, name: name, clientPublicKey: clientPublicKey, serviceKeys: serviceKeys, relays: relays,
            methods: methods, notifications: notifications, budget: budget, createdAt: createdAt,
            expiresAt: expiresAt, revokedAt: revokedAt)
    }

    /// Whether it was revoked.
    package var isRevoked: Bool { revokedAt != nil }

    /// Whether it serves requests at `time`: not revoked, not expired.
    package func isActive(at time: Int64) -> Bool { !isRevoked && expiresAt.map { time < $0 } ?? true }
}
