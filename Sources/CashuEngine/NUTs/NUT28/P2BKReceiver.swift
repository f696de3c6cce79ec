// NUT-28 — Pay-to-Blinded-Key: the receiver's unblinding of P' and derivation of the signing key k.

/// The receiver side of P2BK: finds which blinded keys `P'` of a lock belong to its long-lived key `p`, and the
/// private key `k` that signs for each.
///
/// NUT-28 §Deriving Private Keys: `P = P' − r_i·G` must share its x-coordinate with `p·G`; then `k = p + r_i` if
/// their y-parities agree, else `k = −p + r_i` (the key was given x-only and lifted to even y). Either way
/// `k·G = P'`. Prints as `<redacted>`.
package struct P2BKReceiver: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The receiver's long-lived private key `p`.
    package let privateKey: Scalar
    /// `p·G`, the natural public key.
    let naturalPublicKey: Point

    /// A receiver for private key `p`.
    package init(privateKey: Scalar) {
        self.privateKey = privateKey
        self.naturalPublicKey = privateKey.publicKey
    }

    /// The signing key for `blindedKey` in `slot`, or `nil` if that key is not blinded from this receiver's key.
    ///
    /// - Parameters:
    ///   - blindedKey: `P'` as it appears in the P2PK secret.
    ///   - slot: its slot index (0 for `data`, then `pubkeys`, then `refund`).
    ///   - ephemeralKey: `E` from the proof's `p2pk_e`.
    /// - Throws: ``CryptoError`` `.p2bkInvalidSlot` for a slot outside `0...10`.
    package func signingKey(for blindedKey: Point, slot: Int, ephemeralKey: Point) throws(CryptoError) -> Scalar? {
        let zx = P2BK.sharedSecret(point: ephemeralKey, scalar: privateKey)
        return try signingKey(for: blindedKey, slot: slot, sharedSecret: zx)
    }

    /// The signing keys for the keys of one lock, in slot order, keyed by slot; slots not for this receiver are absent.
    ///
    /// - Parameters:
    ///   - blindedKeys: `[data, ...pubkeys, ...refund]` as they appear in the P2PK secret.
    ///   - ephemeralKey: `E` from the proof's `p2pk_e`.
    /// - Throws: ``CryptoError`` `.p2bkInvalidSlot` for more than 11 keys.
    package func signingKeys(for blindedKeys: [Point], ephemeralKey: Point) throws(CryptoError) -> [Int: Scalar] {
        guard blindedKeys.count <= P2BK.slotCount else {
            throw CryptoError(.p2bkInvalidSlot, "a P2BK lock has at most \(P2BK.slotCount) keys")
        }
        let zx = P2BK.sharedSecret(point: ephemeralKey, scalar: privateKey)
        var keys = [Int: Scalar]()
        for (slot, key) in blindedKeys.enumerated() {
            if let k = try signingKey(for: key, slot: slot, sharedSecret: zx) { keys[slot] = k }
        }
        return keys
    }

    func signingKey(for blindedKey: Point, slot: Int, sharedSecret zx: SecureBytes) throws(CryptoError) -> Scalar? {
        let r: Scalar
        do throws(CryptoError) {
            r = try P2BK.blindingScalar(sharedSecret: zx, slot: slot)
        } catch where error.code == .p2bkTweakUnusable {
            // No sender could have produced a key for this slot.
            return nil
        }
        // P' − r·G is infinity only if P' = r·G, which is then not one of our keys.
        guard let unblinded = try? blindedKey.subtracting(r.publicKey),
            unblinded.xOnly == naturalPublicKey.xOnly
        else { return nil }
        let base = unblinded.hasEvenY == naturalPublicKey.hasEvenY ? privateKey : privateKey.negated()
        return try base.adding(r)
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "P2BKReceiver(<redacted>)" }
}
