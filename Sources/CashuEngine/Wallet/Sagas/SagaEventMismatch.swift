// Wallet sagas: an event fed to a saga in a state that does not wait for it — reported, never acted on.

/// An event a saga's state does not expect: the answer to an action the saga did not ask for (NUT-07 states before
/// any refusal, a settlement nobody asked to store), or any event after the saga finished. Only a driver's bug feeds
/// one.
///
/// The saga does not guess what the event would mean there. It finishes with ``SagaOutcome/mismatched(_:operation:)``:
/// open, `pending` with the operation's id and this error underneath. Nothing is released, marked spent or closed as
/// failed; the proofs stay pending and the journal stays, and recovery restarts the saga from it at its next pass.
struct SagaEventMismatch: CashuError, Hashable {
    /// What went wrong (one code: ``ErrorCode/eventDoesNotFit``).
    typealias Code = ErrorCode<SagaEventMismatch>

    let code: Code
    let reason: String
    /// The saga: `swap`, `melt` or `mint`.
    let saga: String
    /// The event's case, without its payload (which may hold proofs).
    let event: String
    /// The state's case the event arrived in, without its payload.
    let state: String

    /// The mismatch of `event` arriving while the `saga` saga is in `state`.
    init(saga: String, event: some Sendable, state: some Sendable) {
        self.code = .eventDoesNotFit
        self.saga = saga
        self.event = Self.caseName(event)
        self.state = Self.caseName(state)
        self.reason = "the \(saga) saga got \(self.event) while in state \(self.state)"
    }

    /// The name of an enum value's case, without its payload: a case with a payload reflects as one child labelled
    /// with the case's name; one without prints as its name. Anything else (no reflection metadata: a payload would
    /// print whole, and it may hold proofs or a journal's secrets) is `unnamed`, never printed.
    static func caseName(_ value: some Sendable) -> String {
        if let label = Mirror(reflecting: value).children.first?.label { return label }
        let printed = String(describing: value)
        let isName = !printed.isEmpty && printed.count <= 40 && printed.allSatisfy { $0.isASCII && $0.isLetter }
        return isName ? printed : "unnamed"
    }
}

extension ErrorCode where Domain == SagaEventMismatch {
    /// The event does not fit the saga's state.
    static let eventDoesNotFit = Self(rawValue: "eventDoesNotFit")
}
