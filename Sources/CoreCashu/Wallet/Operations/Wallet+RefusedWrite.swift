// Wallet: how a write the mint refused is reported when learning what became of it failed too (mint, swap, melt).

extension Wallet {
    /// The error for a journaled write (mint, swap, melt) the mint refused (`refusal`), when the check that should say
    /// what became of it (NUT-07, NUT-09, the quote's state) failed with `resolved`.
    ///
    /// While the operation is still open (or the store cannot tell) it stays journaled and the next recovery sends it
    /// again, so the caller hears `pending` with the operation's id: a refusal, an unreachable mint, a cancellation
    /// or a local failure would each read as "nothing happened" and invite doing it twice (paying an invoice another
    /// way, asking for a token again). `pending` and `invalidMintResponse` (ambiguous by definition) already say so
    /// and pass unchanged, as does any error once the check closed the operation.
    func reportAfterRefusal(_ resolved: WalletError, refusal: MintClientError, operation: OperationID) -> WalletError {
        guard resolved.code != .pending, resolved.code != .invalidMintResponse, isOpen(operation) else {
            return resolved
        }
        return WalletError(
            .pending,
            "the mint refused the request and what became of it is not known yet; it stays pending "
                + "(\(resolved.reason))",
            mintError: resolved.mintError ?? refusal.mintError, operationID: operation,
            underlying: resolved.underlying ?? resolved)
    }
}
