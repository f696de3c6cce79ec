// NIP-47 — Nostr Wallet Connect: an invoice or payment as `make_invoice`, `lookup_invoice`, `list_transactions`
// and the `payment_received`/`payment_sent` notifications describe it.

/// An invoice (incoming) or a payment (outgoing). Amounts are msats.
package struct NWCTransaction: Sendable, Hashable, Codable {
    /// Incoming (an invoice) or outgoing (a payment).
    package var type: NWCTransactionType
    /// Pending, settled, expired, failed, …
    package var state: NWCTransactionState?
    /// The BOLT-11 invoice.
    package var invoice: String?
    /// The invoice's description.
    package var description: String?
    /// The hex SHA-256 of the description the invoice commits to.
    package var descriptionHash: String?
    /// The payment's preimage, hex, once paid.
    package var preimage: String?
    /// The payment hash, hex.
    package var paymentHash: String
    /// The amount in msats.
    package var amount: UInt64
    /// The fees paid in msats (0 for an invoice).
    package var feesPaid: UInt64
    /// When the invoice or payment was made, seconds since the epoch.
    package var createdAt: Int64
    /// When the invoice expires, seconds since the epoch.
    package var expiresAt: Int64?
    /// When it was paid, seconds since the epoch.
    package var settledAt: Int64?
    /// Free-form metadata, at most 4096 characters of JSON.
    package var metadata: NWCJSONValue?

    enum CodingKeys: String, CodingKey {
        case type, state, invoice, description, preimage, amount, metadata
        case descriptionHash = "description_hash"
        case paymentHash = "payment_hash"
        case feesPaid = "fees_paid"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case settledAt = "settled_at"
    }

    package init(
        type: NWCTransactionType, state: NWCTransactionState? = nil, invoice: String? = nil,
        description: String? = nil, descriptionHash: String? = nil, preimage: String? = nil, paymentHash: String,
        amount: UInt64, feesPaid: UInt64 = 0, createdAt: Int64, expiresAt: Int64? = nil, settledAt: Int64? = nil,
        metadata: NWCJSONValue? = nil
    ) {
        self.type = type
        self.state = state
        self.invoice = invoice
        self.description = description
        self.descriptionHash = descriptionHash
        self.preimage = preimage
        self.paymentHash = paymentHash
        self.amount = amount
        self.feesPaid = feesPaid
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.settledAt = settledAt
        self.metadata = metadata
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(NWCTransactionType.self, forKey: .type)
        state = try container.decodeIfPresent(NWCTransactionState.self, forKey: .state)
        invoice = try container.decodeIfPresent(String.self, forKey: .invoice)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        descriptionHash = try container.decodeIfPresent(String.self, forKey: .descriptionHash)
        preimage = try container.decodeIfPresent(String.self, forKey: .preimage)
        paymentHash = try container.decode(String.self, forKey: .paymentHash)
        amount = try container.decode(UInt64.self, forKey: .amount)
        feesPaid = try container.decodeIfPresent(UInt64.self, forKey: .feesPaid) ?? 0
        createdAt = try container.decodeIfPresent(Int64.self, forKey: .createdAt) ?? 0
        expiresAt = try container.decodeIfPresent(Int64.self, forKey: .expiresAt)
        settledAt = try container.decodeIfPresent(Int64.self, forKey: .settledAt)
        metadata = try container.decodeIfPresent(NWCJSONValue.self, forKey: .metadata)?.asMetadata
    }
}
