// NIP-47 — Nostr Wallet Connect: `make_invoice` params.

/// What `make_invoice` asks: an amount, a description or its hash, an expiry, metadata.
package struct NWCMakeInvoiceParams: Sendable, Hashable, Codable {
    /// The amount in msats.
    package var amount: UInt64
    /// The invoice's description.
    package var description: String?
    /// The hex SHA-256 of a description the invoice commits to instead.
    package var descriptionHash: String?
    /// Seconds from creation until the invoice expires.
    package var expiry: UInt64?
    /// Free-form metadata, dropped past 4096 characters of JSON.
    package var metadata: NWCJSONValue?

    enum CodingKeys: String, CodingKey {
        case amount, description, expiry, metadata
        case descriptionHash = "description_hash"
    }

    package init(
        amount: UInt64, description: String? = nil, descriptionHash: String? = nil, expiry: UInt64? = nil,
        metadata: NWCJSONValue? = nil
    ) {
        self.amount = amount
        self.description = description
        self.descriptionHash = descriptionHash
        self.expiry = expiry
        self.metadata = metadata
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        amount = try container.decode(UInt64.self, forKey: .amount)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        descriptionHash = try container.decodeIfPresent(String.self, forKey: .descriptionHash)
        expiry = try container.decodeIfPresent(UInt64.self, forKey: .expiry)
        metadata = try container.decodeIfPresent(NWCJSONValue.self, forKey: .metadata)?.asMetadata
    }
}
