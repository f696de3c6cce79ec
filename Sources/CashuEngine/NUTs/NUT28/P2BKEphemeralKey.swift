// NUT-28 — Pay-to-Blinded-Key: the sender's ephemeral key pair (e, E) and the blinding of receiver keys.

/// The sender side of P2BK: an ephemeral key pair `(e, E = e·G)` that blinds each receiver key `P` in slot `i` to
/// `P' = P + r_i·G`.
///
/// Use a fresh key for every output, except under `SIG_ALL`, where all outputs share one (NUT-28 §Sender Workflow).
/// Put ``publicKey`` in the proof's `p2pk_e`. The private key prints as `<redacted>`.
package struct P2BKEphemeralKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The ephemeral private key `e`.
    package let privateKey: Scalar
    /// The ephemeral public key `E = e·G`, sent as `p2pk_e`.
    package let publicKey: Point

    /// A fresh ephemeral key from the system's secure random generator.
    package init() {
        self.init(privateKey: .random())
    }

    /// The ephemeral key for a given `e` (tests, or a key persisted for a `SIG_ALL` batch).
    package init(privateKey: Scalar) {
        self.privateKey = privateKey
        self.publicKey = privateKey.publicKey
    }

    /// The blinded key `P' = P + r_i·G` for receiver key `P` in `slot`.
    ///
    /// - Parameters:
    ///   - receiverKey: the receiver's public key `P` (see ``P2BK/receiverKey(hex:)`` for x-only keys).
    ///   - slot: the NUT-11 slot index: 0 for `data`, then `pubkeys`, then `refund`.
    /// - Throws: ``CryptoError`` `.p2bkInvalidSlot` for a slot outside `0...10`; `.p2bkTweakUnusable` or
    ///   `.degenerateResult` in the cases (probability about 2^-128) where this ephemeral key must be discarded.
    package func blind(_ receiverKey: Point, slot: Int) throws(CryptoError) -> Point {
        let zx = P2BK.sharedSecret(point: receiverKey, scalar: privateKey)
        let r = try P2BK.blindingScalar(sharedSecret: zx, slot: slot)
        return try receiverKey.adding(r.publicKey)
    }

    /// Blinds the keys of one lock in slot order (`[data, ...pubkeys, ...refund]`): position `i` is slot `i`.
    ///
    /// - Throws: ``CryptoError`` `.p2bkInvalidSlot` for more than 11 keys; otherwise as ``blind(_:slot:)``.
    package func blind(_ receiverKeys: [Point]) throws(CryptoError) -> [Point] {
        guard receiverKeys.count <= P2BK.slotCount else {
            throw CryptoError(.p2bkInvalidSlot, "a P2BK lock has at most \(P2BK.slotCount) keys")
        }
        var blinded = [Point]()
        blinded.reserveCapacity(receiverKeys.count)
        for (slot, key) in receiverKeys.enumerated() {
            blinded.append(try blind(key, slot: slot))
        }
        return blinded
    }

    package var description: String { "P2BKEphemeralKey(\(publicKey))" }
    package var debugDescription: String { "P2BKEphemeralKey(public: \(publicKey), private: <redacted>)" }
}
