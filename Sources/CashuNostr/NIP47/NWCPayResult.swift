// NIP-47 — Nostr Wallet Connect: the `pay_invoice` (and `pay_keysend`) result.

/// A paid invoice: its preimage and the fees paid.
package struct NWCPayResult: Sendable, Hashable, Codable {
    /// The payment's preimage, hex.
    package var preimage: String
    /// The fees paid, msats.
    package var feesPaid: UInt64?

    enum CodingKeys: String, CodingKey {
        case preimage
        case feesPaid = "fees_paid"
    }

    package init(preimage: String, feesPaid: UInt64?) {
        self.preimage = preimage
        self.feesPaid = feesPaid
    }
}
