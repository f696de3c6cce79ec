// NIP-47 — Nostr Wallet Connect: the `get_info` result.

/// What the wallet says about itself and this connection.
package struct NWCInfo: Sendable, Hashable, Codable {
    /// The wallet's name.
    package var alias: String?
    /// A hex colour.
    package var color: String?
    /// The node's public key, hex (a Cashu wallet has none).
    package var pubkey: String?
    /// `mainnet`, `testnet`, `signet` or `regtest`.
    package var network: String?
    /// The chain tip's height the node knows (a Cashu wallet has none).
    package var blockHeight: UInt64?
    /// The chain tip's hash, hex.
    package var blockHash: String?
    /// The methods this connection may use.
    package var methods: [NWCMethod]
    /// The notifications this connection gets.
    package var notifications: [NWCNotificationType]?

    enum CodingKeys: String, CodingKey {
        case alias, color, pubkey, network, methods, notifications
        case blockHeight = "block_height"
        case blockHash = "block_hash"
    }

    package init(
        alias: String? = nil, color: String? = nil, pubkey: String? = nil, network: String? = nil,
        blockHeight: UInt64? = nil, blockHash: String? = nil, methods: [NWCMethod] = [],
        notifications: [NWCNotificationType]? = nil
    ) {
        self.alias = alias
        self.color = color
        self.pubkey = pubkey
        self.network = network
        self.blockHeight = blockHeight
        self.blockHash = blockHash
        self.methods = methods
        self.notifications = notifications
    }
}
