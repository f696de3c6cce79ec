// NUT-28 — Pay-to-Blinded-Key: the shared secret Zx, the per-slot blinding scalar r_i, and receiver key parsing.

import Crypto

/// The pieces of NUT-28 that sender (``P2BKEphemeralKey``) and receiver (``P2BKReceiver``) share.
package enum P2BK {
    /// NUT-11 locking slots `[data, ...pubkeys, ...refund]`: at most 11, indexed `0...10`.
    package static let slotCount = 11

    /// NUT-28 §Deriving Blinded Public Keys domain separator.
    static let domainSeparator = Array("Cashu_P2BK_v1".utf8)

    /// A receiver key as a sender blinds it: 33-byte compressed SEC1, or a 32-byte BIP-340 x-only key (e.g. Nostr),
    /// which gets the `02` prefix NUT-28 requires.
    ///
    /// - Parameter hex: 66 or 64 hex characters.
    /// - Throws: ``CryptoError`` `.invalidPoint` for any other form or a key not on the curve.
    package static func receiverKey(hex: String) throws(CryptoError) -> Point {
        let bytes: [UInt8]
        do { bytes = try Hex.parse(hex) } catch {
            throw CryptoError(.invalidPoint, "a receiver key must be hex")
        }
        switch bytes.count {
        case 32: return try Point(lifting: bytes)
        case 33: return try Point(compressedRepresentation: bytes)
        default: throw CryptoError(.invalidPoint, "a receiver key is 32 (x-only) or 33 bytes, got \(bytes.count)")
        }
    }

    /// `Zx = x(k·Q)`, the ECDH shared secret (`x(e·P)` for the sender, `x(p·E)` for the receiver).
    static func sharedSecret(point: Point, scalar: Scalar) -> SecureBytes {
        SecureBytes(point.multiplied(by: scalar).xOnly)
    }

    /// `r_i = SHA256("Cashu_P2BK_v1" || Zx || byte(i))`, retried once with an extra `0xff` if it is not in `1..<n`.
    ///
    /// - Throws: ``CryptoError`` `.p2bkInvalidSlot` if `slot` is not in `0...10`; `.p2bkTweakUnusable` if both
    ///   hashes are out of range (the sender then discards its ephemeral key).
    static func blindingScalar(sharedSecret zx: SecureBytes, slot: Int) throws(CryptoError) -> Scalar {
        let slotByte = try slotByte(slot)
        for extra in [[], [0xff]] as [[UInt8]] {
            var hasher = SHA256()
            hasher.update(data: domainSeparator)
            zx.withUnsafeBytes { hasher.update(data: $0) }
            hasher.update(data: [slotByte] + extra)
            if let r = scalarIfInRange(hasher.finalize().withUnsafeBytes { SecureBytes($0) }) { return r }
        }
        throw CryptoError(.p2bkTweakUnusable, "P2BK tweak derivation failed; discard the ephemeral key")
    }

    /// The digest as a scalar if it is in `1..<n`; NUT-28 does not reduce it.
    static func scalarIfInRange(_ digest: SecureBytes) -> Scalar? {
        try? digest.withUnsafeBytes { (raw) throws(CryptoError) in try Scalar(rawRepresentation: raw) }
    }

    /// The slot as its one-byte encoding.
    ///
    /// - Throws: ``CryptoError`` `.p2bkInvalidSlot` unless `slot` is in `0...10`.
    static func slotByte(_ slot: Int) throws(CryptoError) -> UInt8 {
        guard (0..<slotCount).contains(slot) else {
            throw CryptoError(.p2bkInvalidSlot, "a P2BK slot is 0...\(slotCount - 1), got \(slot)")
        }
        return UInt8(slot)
    }
}
