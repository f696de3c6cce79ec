// NUT-17 — WebSockets: the `proof_state` notification payload, which is exactly NUT-07's `{Y, state, witness?}`.

/// A proof's state as pushed by the mint over the WebSocket: the same model as a NUT-07 check-state answer.
package typealias ProofStatePayload = ProofState
