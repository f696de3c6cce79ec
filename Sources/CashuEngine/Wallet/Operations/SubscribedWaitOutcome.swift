// Wallet: how one subscribed wait (NUT-17 hints plus slow HTTP checks) ended, or why one of its tasks stopped.

/// The result of one task of a subscribed wait (see `Wallet.waitForSettlement`).
enum SubscribedWaitOutcome<Value: Sendable>: Sendable {
    /// The HTTP check found the awaited state.
    case done(Value)
    /// The HTTP check failed for good (an expired quote, a failed payment).
    case failed(WalletError)
    /// The notifications stopped (the transport gave up): poll instead.
    case streamEnded
    /// The deadline passed.
    case deadline
    /// A helper task stopped without an outcome (cancelled, or its part is over).
    case idle
}
