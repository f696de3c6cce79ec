// NUT-01 — Mint public keys: the body of `GET /v1/keys` and `GET /v1/keys/{keyset_id}`.

/// `{"keysets": [MintKeyset]}`.
public struct KeysResponse: Codable, Hashable, Sendable {
    /// The keysets with their keys (active ones only for `GET /v1/keys`).
    public var keysets: [MintKeyset]

    /// Creates a response.
    public init(keysets: [MintKeyset]) {
        self.keysets = keysets
    }
}
