// NUT-07 — Token state check: the `POST /v1/checkstate` response and the checks a wallet runs before trusting it.

/// The response to `POST /v1/checkstate`: one ``ProofState`` per requested `Y`, in the request's order.
package struct CheckStateResponse: Codable, Hashable, Sendable {
    /// The states, `states[i]` for `Ys[i]` of the request.
    package var states: [ProofState]

    /// Creates a state-check response.
    /// - Parameter states: the states, in the order of the request's `Ys`.
    package init(states: [ProofState]) {
        self.states = states
    }

    /// Checks that this response answers `request`: same count, `states[i].Y == Ys[i]` (NUT-07: "MUST be returned in
    /// the same order"), and every state one NUT-07 defines.
    ///
    /// A wallet that gets this error must treat every proof in the request as still undecided.
    /// - Parameter request: the request this response claims to answer.
    /// - Throws: ``ResponseValidationError`` `.countMismatch`, or `.orderMismatch` / `.unknownState` naming the
    ///   first index at fault.
    package func validate(against request: CheckStateRequest) throws(ResponseValidationError) {
        guard states.count == request.Ys.count else {
            throw ResponseValidationError(.countMismatch, "\(states.count) states for \(request.Ys.count) Ys")
        }
        for (index, (state, y)) in zip(states, request.Ys).enumerated() {
            guard state.Y == y else {
                throw ResponseValidationError(.orderMismatch, index: index, "state is for \(state.Y), expected \(y)")
            }
            guard state.state.isKnown else {
                throw ResponseValidationError(.unknownState, index: index, "unknown proof state")
            }
        }
    }
}
