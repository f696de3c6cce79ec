// NIP-47 — Nostr Wallet Connect: `lookup_invoice` params.

/// What `lookup_invoice` asks: a payment hash or an invoice (one is required).
package struct NWCLookupInvoiceParams: Sendable, Hashable, Codable {
    /// The payment hash, hex.
    package var paymentHash: String?
    /// The BOLT-11 invoice.
    package var invoice: String?

    enum CodingKeys: String, CodingKey {
        case invoice
        case paymentHash = "payment_hash"
    }

    package init(paymentHash: String? = nil, invoice: String? = nil) {
        self.paymentHash = paymentHash
        self.invoice = invoice
    }
}
