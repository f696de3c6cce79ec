// NUT-07 — Token state check: printing a proof state without its witness (an HTLC witness holds the preimage).

extension ProofState: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "ProofState(Y: \(Y.hex), state: \(state), witness: \(witness == nil ? "none" : "<redacted>"))"
    }

    public var debugDescription: String { description }
}
