// Test support: the wallet operations a MintProxy can sabotage, with the endpoint each one's fault applies to.

/// A wallet operation whose request to the mint goes through a ``MintProxy``.
enum ProxiedOperation: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `Wallet.mint(quoteID:)` of a paid quote.
    case mint
    /// `Wallet.send` with a swap (`preferOffline: false`).
    case send
    /// `Wallet.receive` of another wallet's token.
    case receive
    /// `Wallet.melt(quoteID:)` paying another mint's invoice.
    case melt

    /// The endpoint whose answer the fault alters.
    var path: String {
        switch self {
        case .mint: "/v1/mint/bolt11"
        case .send, .receive: "/v1/swap"
        case .melt: "/v1/melt/bolt11"
        }
    }

    /// The key of the blind signatures in that endpoint's answer.
    var signatureKey: String { self == .melt ? "change" : "signatures" }

    var description: String { rawValue }
}
