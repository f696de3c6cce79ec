// NUT-02 — Keysets and fees: the body of `GET /v1/keysets`.

/// `{"keysets": [KeysetInfo]}`: all keysets of the mint, active and inactive.
public struct KeysetsResponse: Codable, Hashable, Sendable {
    /// Every keyset the mint has had.
    public var keysets: [KeysetInfo]

    /// Creates a response.
    public init(keysets: [KeysetInfo]) {
        self.keysets = keysets
    }
}
