// NIP-47 — Nostr Wallet Connect: the error codes its models and service add to ``NostrError``.

extension NostrError.Code {
    /// A `nostr+walletconnect://` URI that is malformed or misses its wallet key, relay or secret.
    package static let invalidConnectionURI = NostrError.Code(rawValue: "invalidConnectionURI")
    /// A NIP-47 request, response or notification whose JSON is malformed or whose fields have the wrong shape.
    package static let malformedWalletMessage = NostrError.Code(rawValue: "malformedWalletMessage")
    /// A NIP-47 service store that could not read or write (connections, handled requests, budget ledgers).
    package static let storage = NostrError.Code(rawValue: "storage")
}
