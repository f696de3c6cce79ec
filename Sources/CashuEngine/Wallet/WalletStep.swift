// Wallet: the observable steps of an operation's life, for crash-injection tests and progress reporting.

/// A point in an operation's life (docs/architecture.md, "The wallet engine").
@_spi(Testing)
public enum WalletStep: String, Hashable, Sendable, CaseIterable {
    /// The operation is planned (inputs chosen, request built in memory); nothing is journaled yet.
    case planned
    /// A prepared operation holds its inputs and waits for its confirmation; nothing is journaled to send yet.
    case held
    /// The operation is journaled; the request has not left yet.
    case journaled
    /// The mint answered; nothing is settled yet.
    case answered
    /// The outcome is stored.
    case settled
    /// Quotes an address service (npub.cash) listed as paid are stored with their lock key; none is minted yet.
    case recorded
}
