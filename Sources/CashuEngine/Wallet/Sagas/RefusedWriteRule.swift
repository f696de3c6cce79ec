// Wallet sagas: how a write the mint refused is reported when learning what became of it failed (mint, swap, melt).

/// The refused-write rule (docs/architecture.md, "a refused write is refused only once its operation is closed").
///
/// A journaled write (mint, swap, melt) the mint refused is checked before anything is released: NUT-07, NUT-09 or
/// the quote's state say whether an earlier attempt got through. When that check leaves the operation open (it was
/// refused too, could not reach the mint, was cancelled, or a local step failed), the operation stays journaled and
/// the next recovery sends it again, so the caller must hear `pending` with the operation's id: "refused" would read
/// as "nothing happened" and invite doing it twice (paying an invoice another way, asking for a token again).
enum RefusedWriteRule {
    /// The outcome to report for an operation whose write the mint refused (`refusal`; `nil` when it did not refuse:
    /// the outcome stands), given where its check left it. `pending` and `invalidMintResponse` (ambiguous by
    /// definition) already say so and pass unchanged, as does any outcome that closed the operation.
    static func report<Value>(_ outcome: SagaOutcome<Value>, refusal: MintClientError?, operation: OperationID)
        -> SagaOutcome<Value>
    {
        guard let refusal, case .open(let error) = outcome, error.code != .pending, error.code != .invalidMintResponse
        else {
            return outcome
        }
        return .open(
            WalletError(
                .pending,
                "the mint refused the request and what became of it is not known yet; it stays pending "
                    + "(\(error.reason))",
                mintError: error.mintError ?? refusal.mintError, operationID: operation,
                underlying: error.underlying ?? error))
    }
}
