// Wallet: how a write the mint refused is reported when learning what became of it failed too (mint, swap, melt).

extension Wallet {
    /// The error for a journaled write (mint, swap, melt) the mint refused, when the check that should say what
    /// became of it (NUT-07, NUT-09, the quote's state) failed with `resolved`.
    ///
    /// While the operation is still open it stays journaled and the next recovery sends it again, so a refusal, an
    /// unreachable mint or a cancellation must not reach the caller as such: each reads as "nothing happened" and
    /// invites doing it twice (paying an invoice another way, asking for a token again). The answer is then
    /// `pending` with the operation's id. Once the check closed the operation, or for any other error (which
    /// already names it as open), `resolved` stands.
    func reportAfterRefusal(_ resolved: WalletError, operation: OperationID) -> WalletError {
        let readsAsNothingHappened: Set<WalletError.Code> = [.mintRefused, .mintUnreachable, .cancelled]
        guard readsAsNothingHappened.contains(resolved.code), isOpen(operation) else { return resolved }
        return WalletError(
            .pending,
            "the mint refused the request and what became of it is not known yet; it stays pending (\(resolved.reason))",
            mintError: resolved.mintError, operationID: operation, underlying: resolved.underlying ?? resolved)
    }
}
