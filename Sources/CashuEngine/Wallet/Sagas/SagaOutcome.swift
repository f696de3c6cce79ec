// Wallet sagas: how an operation ended, as a value (docs/architecture.md, "Sagas").

/// Where a saga left its operation. The wallet turns it into the public API's result or error; recovery reads it to
/// report the operation resolved or still open.
enum SagaOutcome<Value: Sendable>: Sendable {
    /// Settled: the mint acted, the outputs are stored, the inputs spent, the operation closed as done.
    case settled(Value)
    /// The mint holds the operation in flight (a melt it reports `PENDING`): its inputs stay pending, the operation
    /// open, and the value describes it so far.
    case inFlight(Value)
    /// Definitely did not happen (or happened to someone else's outputs): the operation is closed as failed and the
    /// wallet's inputs released or marked spent. The error says why.
    case failed(WalletError)
    /// Not decided: the operation stays journaled and recovery resumes it. The error says why and names the operation.
    case open(WalletError)

    /// The outcome of a store write that failed while the operation is still journaled (closing it, marking it
    /// pending): recovery will resume it, so the caller hears `pending` with its id, never the store's error alone
    /// (a melt whose failed close reads as "storage" would be sent again by the next recovery).
    static func unrecorded(_ error: WalletError, operation: OperationID) -> SagaOutcome {
        .open(
            WalletError(
                .pending, "the outcome could not be stored (\(error.reason)); recovery resumes the operation",
                mintError: error.mintError, operationID: operation, underlying: error))
    }

    /// The outcome of an event the saga's state does not wait for (``SagaEventMismatch``): open, `pending` with the
    /// operation's id, so nothing is released and recovery restarts the saga from its journal.
    static func mismatched(_ mismatch: SagaEventMismatch, operation: OperationID) -> SagaOutcome {
        .open(
            WalletError(
                .pending, "\(mismatch.reason); the operation stays open for recovery", operationID: operation,
                underlying: mismatch))
    }

    /// The mismatch this outcome reports, if it is one.
    var mismatch: SagaEventMismatch? {
        guard case .open(let error) = self else { return nil }
        return error.underlying as? SagaEventMismatch
    }

    /// The value, or the error thrown for the public API.
    func get() throws(WalletError) -> Value {
        switch self {
        case .settled(let value), .inFlight(let value): return value
        case .failed(let error), .open(let error): throw error
        }
    }
}
