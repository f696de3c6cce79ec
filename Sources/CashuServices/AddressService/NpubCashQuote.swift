// npub.cash v2 — one quote of `GET /api/v2/wallet/quotes`: a NUT-04 mint quote the service asked a mint for on the
// user's behalf when someone paid the address (`quoteId`, `mintUrl`, `amount`, `state` PAID/ISSUED/INFLIGHT,
// `paidAt`, `locked`: NUT-20-locked to the user's Nostr key).

/// A quote as an npub.cash v2 service lists it.
package struct NpubCashQuote: Sendable, Hashable, Decodable {
    /// The mint's quote id.
    package var quoteID: String
    /// The mint the quote was asked of.
    package var mintURL: String
    /// The amount to mint.
    package var amount: UInt64
    /// The unit (`sat` when the service does not say).
    package var unit: String = "sat"
    /// `PAID`, `ISSUED` or `INFLIGHT`.
    package var state: String
    /// When the service saw it paid (Unix seconds).
    package var paidAt: Int64?
    /// When the service asked for it.
    package var createdAt: Int64?
    /// When its invoice expires.
    package var expiresAt: Int64?
    /// The invoice.
    package var request: String?
    /// Whether the quote is locked (NUT-20) to the user's key.
    package var locked: Bool = false

    enum CodingKeys: String, CodingKey {
        case quoteID = "quoteId"
        case mintURL = "mintUrl"
        case amount, unit, state, paidAt, createdAt, expiresAt, request, locked
    }
}

extension NpubCashQuote {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        quoteID = try container.decode(String.self, forKey: .quoteID)
        mintURL = try container.decode(String.self, forKey: .mintURL)
        amount = try container.decode(UInt64.self, forKey: .amount)
        unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? "sat"
        state = try container.decode(String.self, forKey: .state).uppercased()
        paidAt = try container.decodeIfPresent(Int64.self, forKey: .paidAt)
        createdAt = try container.decodeIfPresent(Int64.self, forKey: .createdAt)
        expiresAt = try container.decodeIfPresent(Int64.self, forKey: .expiresAt)
        request = try container.decodeIfPresent(String.self, forKey: .request)
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked) ?? false
    }
}
