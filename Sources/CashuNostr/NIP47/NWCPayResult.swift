// NIP-47 — Nostr Wallet Connect: the `pay_invoice` (and `pay_keysend`) result.

/// A paid invoice: its preimage and the fees paid.
public struct NWCPayResult: Sendable, Hashable, Codable {
    /// The payment's preimage, hex.
    public var preimage: String
    /// The fees paid, msats.
    public var feesPaid: UInt64?

    enum CodingKeys: String, CodingKey {
        case preimage
        case feesPaid = "fees_paid"
    }

    public init(preimage: String, feesPaid: UInt64?) {
        self.preimage = preimage
        self.feesPaid = feesPaid
    }
}
