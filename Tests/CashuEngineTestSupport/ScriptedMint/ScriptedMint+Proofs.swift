// Test support: a ScriptedMint's test hooks for proofs — states set from outside, fresh proofs and tokens to receive.

import CashuEngine

extension ScriptedMint {
    /// Marks proofs `SPENT` (spent elsewhere, e.g. by the receiver of a token).
    package func spend(_ Ys: [CompressedPoint]) {
        state.withLock { state in for Y in Ys { state.proofStates[Y] = .spent } }
    }

    /// Marks proofs `PENDING` (in a payment the mint has not settled).
    package func markPending(_ Ys: [CompressedPoint]) {
        state.withLock { state in for Y in Ys { state.proofStates[Y] = .pending } }
    }

    /// Puts proofs back to `UNSPENT`.
    package func markUnspent(_ Ys: [CompressedPoint]) {
        state.withLock { state in for Y in Ys { state.proofStates[Y] = nil } }
    }

    /// Whether the mint has the proof `SPENT`.
    package func isSpent(_ Y: CompressedPoint) -> Bool {
        state.withLock { $0.state(of: Y) == .spent }
    }

    /// The mint's NUT-07 state of a proof.
    package func proofState(_ Y: CompressedPoint) -> ProofState.State {
        state.withLock { $0.state(of: Y) }
    }

    /// How many proofs the mint has `SPENT`.
    package var spentCount: Int {
        state.withLock { $0.proofStates.values.lazy.filter { $0 == .spent }.count }
    }

    /// How many proofs the mint has `PENDING`.
    package var pendingCount: Int {
        state.withLock { $0.proofStates.values.lazy.filter { $0 == .pending }.count }
    }

    /// How many outputs the mint has signed (every swap, mint, change and issued proof).
    package var signedCount: Int { state.withLock { $0.signed.count } }

    /// Freshly signed proofs of the active keyset with NUT-12 DLEQ proofs (`{e, s, r}`), on random secrets (hex,
    /// after `secretPrefix` when given), for a token a wallet receives. Amounts must be powers of two up to 2^20.
    package func issueProofs(amounts: [UInt64], secretPrefix: String? = nil) -> [Proof] {
        amounts.map { amount in
            let secret = (secretPrefix ?? "") + Hex.encode(SecureBytes.random(count: 32).exposedSecretBytes)
            return state.withLock { $0.issueProof(amount: amount, secret: secret) }
        }
    }

    /// A freshly signed proof of the active keyset on a secret of the test's choosing (e.g. a NUT-10 well-known
    /// secret), with its NUT-12 DLEQ proof. The amount must be a power of two up to 2^20.
    package func issueProof(amount: UInt64, secret: String) -> Proof {
        state.withLock { $0.issueProof(amount: amount, secret: secret) }
    }

    /// A V4-serializable token of freshly issued proofs (``issueProofs(amounts:secretPrefix:)``) of this mint and unit.
    package func token(amounts: [UInt64], memo: String? = nil) -> Token {
        Token(mint: url.rawValue, unit: unit.rawValue, memo: memo, proofs: issueProofs(amounts: amounts))
    }
}
