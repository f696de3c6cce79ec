// Storage: how far an operation has come (docs/architecture.md, "The wallet engine": "The life of an operation").

/// The state of a journaled operation.
package enum OperationState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Prepared for a front end to confirm (``Wallet/prepareSend(amount:mint:unit:options:holdFor:)`` and the other
    /// `prepare` calls): inputs reserved, nothing journaled to send. Confirming turns it into ``prepared``;
    /// cancelling, expiry, or a recovery pass that finds no live process holding it releases the inputs.
    case awaitingConfirmation
    /// Journaled: inputs reserved, outputs and the exact request written; the request may not have left.
    case prepared
    /// The request was sent (or may have been); the outcome is not known yet.
    case inFlight
    /// The mint said the operation is pending (a melt in flight); the inputs stay pending.
    case pending
    /// Settled: outputs stored, inputs spent, history written.
    case done
    /// Definitely did not happen (the mint refused, or never got it); reserved inputs were released.
    case failed

    /// Whether recovery still has to resolve the operation.
    package var isUnfinished: Bool {
        self == .awaitingConfirmation || self == .prepared || self == .inFlight || self == .pending
    }
}
