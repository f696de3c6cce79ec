// Wallet: telling the log about an event a saga did not wait for (an executor's bug), which left its operation open.

extension Wallet {
    /// Logs `outcome` when it is a ``SagaEventMismatch``: the executors feed each saga only answers to the action it
    /// asked for, so one is a bug. The operation stays open (pending, nothing released), and recovery resumes it.
    func logMismatch<Value>(_ outcome: SagaOutcome<Value>, _ operation: OperationRecord) {
        guard let mismatch = outcome.mismatch else { return }
        logger.error(
            "a saga got an event its state does not wait for; the operation stays open",
            metadata: [
                "operation": "\(operation.id)", "saga": "\(mismatch.saga)", "event": "\(mismatch.event)",
                "state": "\(mismatch.state)",
            ])
    }
}
