// NUT-01 — Mint public keys: the body of `GET /v1/keys` and `GET /v1/keys/{keyset_id}`.

/// `{"keysets": [MintKeyset]}`.
///
/// A keyset this library cannot read (unknown id version, an invalid key) is dropped and counted in ``droppedCount``;
/// the others stay usable.
package struct KeysResponse: Codable, Hashable, Sendable {
    /// The keysets with their keys (active ones only for `GET /v1/keys`).
    package var keysets: [MintKeyset]
    /// How many keysets of the mint's answer could not be read and were left out.
    package var droppedCount: Int

    /// Creates a response.
    package init(keysets: [MintKeyset], droppedCount: Int = 0) {
        self.keysets = keysets
        self.droppedCount = droppedCount
    }

    enum CodingKeys: String, CodingKey {
        case keysets
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (keysets, droppedCount) = try container.decodeDroppingUnreadable(MintKeyset.self, forKey: .keysets)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(keysets, forKey: .keysets)
    }
}
