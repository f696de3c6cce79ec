// NIP-47 — Nostr Wallet Connect: `pay_invoice` params.

/// What `pay_invoice` asks: a BOLT-11 invoice, an amount for an invoice without one, metadata.
package struct NWCPayInvoiceParams: Sendable, Hashable, Codable {
    /// The BOLT-11 invoice.
    package var invoice: String
    /// The amount in msats, for an invoice that carries none.
    package var amount: UInt64?
    /// Free-form metadata (zap details, comments), dropped past 4096 characters of JSON.
    package var metadata: NWCJSONValue?

    package init(invoice: String, amount: UInt64? = nil, metadata: NWCJSONValue? = nil) {
        self.invoice = invoice
        self.amount = amount
        self.metadata = metadata
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        invoice = try container.decode(String.self, forKey: .invoice)
        amount = try container.decodeIfPresent(UInt64.self, forKey: .amount)
        metadata = try container.decodeIfPresent(NWCJSONValue.self, forKey: .metadata)?.asMetadata
    }
}
