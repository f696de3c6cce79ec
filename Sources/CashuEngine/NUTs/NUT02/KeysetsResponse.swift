// NUT-02 — Keysets and fees: the body of `GET /v1/keysets`.

/// `{"keysets": [KeysetInfo]}`: all keysets of the mint, active and inactive.
///
/// Entries this library cannot read (an id version from a newer spec, a malformed id) are dropped and counted in
/// ``droppedCount`` instead of failing the whole answer.
package struct KeysetsResponse: Codable, Hashable, Sendable {
    /// Every keyset the mint has had that this library can read.
    package var keysets: [KeysetInfo]
    /// How many entries of the mint's list could not be read and were left out.
    package var droppedCount: Int

    /// Creates a response.
    package init(keysets: [KeysetInfo], droppedCount: Int = 0) {
        self.keysets = keysets
        self.droppedCount = droppedCount
    }

    enum CodingKeys: String, CodingKey {
        case keysets
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (keysets, droppedCount) = try container.decodeDroppingUnreadable(KeysetInfo.self, forKey: .keysets)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(keysets, forKey: .keysets)
    }
}
