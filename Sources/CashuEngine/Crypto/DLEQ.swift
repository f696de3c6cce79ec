// NUT-12 — Offline ecash signature validation: DLEQ proofs that C_ was signed with the key behind A.

import Crypto

/// Discrete-log-equality proofs of NUT-12: the mint shows that `A = a·G` and `C_ = a·B_` share the same `a`.
package enum DLEQ {
    /// NUT-12 deterministic-nonce domain tag.
    static let nonceTag: [UInt8] = Array("Cashu_DLEQ_R_v1".utf8)

    /// NUT-12 `hash_e`: SHA-256 of the concatenated lowercase hex of each point's uncompressed (65-byte) encoding.
    ///
    /// - Parameter points: the points, in order (`R1, R2, A, C_` for a DLEQ challenge).
    /// - Returns: the 32-byte digest.
    package static func hashE(_ points: Point...) -> [UInt8] {
        hashE(points)
    }

    /// NUT-12 `hash_e` over an array of points.
    ///
    /// - Parameter points: the points, in order.
    /// - Returns: the 32-byte digest.
    package static func hashE(_ points: [Point]) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        var hasher = SHA256()
        var text = [UInt8](repeating: 0, count: 130)
        for point in points {
            for (i, byte) in point.uncompressedRepresentation.enumerated() {
                text[2 * i] = digits[Int(byte >> 4)]
                text[2 * i + 1] = digits[Int(byte & 0x0f)]
            }
            hasher.update(data: text)
        }
        return Array(hasher.finalize())
    }

    /// The mint's deterministic nonce (NUT-12):
    /// `r = HMAC-SHA256(key = a, "Cashu_DLEQ_R_v1" || A || B_ || C_ || ctr)` with 65-byte uncompressed points and
    /// `ctr` a byte from 0, incremented while `r` is zero or not below n.
    ///
    /// - Parameters:
    ///   - a: the mint's private key for the amount.
    ///   - A: `a·G`.
    ///   - B_: the blinded message.
    ///   - C_: the blind signature.
    /// - Returns: the nonce.
    /// - Throws: ``CryptoError`` `.degenerateResult` if all 256 counters fail (never seen in practice).
    package static func deterministicNonce(a: Scalar, A: Point, B_: Point, C_: Point) throws(CryptoError) -> Scalar {
        let key = a.bytes.withUnsafeBytes { SymmetricKey(data: $0) }
        var base = HMAC<SHA256>(key: key)
        base.update(data: nonceTag)
        base.update(data: A.uncompressedRepresentation)
        base.update(data: B_.uncompressedRepresentation)
        base.update(data: C_.uncompressedRepresentation)
        for counter in 0...UInt8.max {
            var mac = base
            mac.update(data: [counter])
            let code = mac.finalize()
            if let r = code.withUnsafeBytes({ try? Scalar(rawRepresentation: $0) }) { return r }
        }
        throw CryptoError(.degenerateResult, "no DLEQ nonce below the group order in 256 tries")
    }

    /// Mint side: proves that `C_ = a·B_` was made with the key `a` behind `A = a·G`.
    ///
    /// `R1 = r·G`, `R2 = r·B_`, `e = hash_e(R1, R2, A, C_)`, `s = r + e·a mod n` (NUT-12).
    ///
    /// - Parameters:
    ///   - a: the mint's private key for the amount.
    ///   - B_: the blinded message that was signed.
    ///   - C_: the blind signature `a·B_`.
    ///   - nonce: the nonce `r`; `nil` uses the deterministic nonce, which the spec recommends. A nonce must never be
    ///     reused across challenges (it leaks `a`): pass `Scalar.random()` for a random one.
    /// - Returns: the proof `{e, s}`.
    /// - Throws: ``CryptoError`` `.degenerateResult` if `e` or `s` is not a valid scalar (probability ~2^-128).
    package static func prove(a: Scalar, B_: Point, C_: Point, nonce: Scalar? = nil) throws(CryptoError)
        -> BlindSignatureDLEQ
    {
        let A = a.publicKey
        let r: Scalar
        if let nonce { r = nonce } else { r = try deterministicNonce(a: a, A: A, B_: B_, C_: C_) }
        let R1 = r.publicKey
        let R2 = B_.multiplied(by: r)
        let e: Scalar
        do { e = try Scalar(rawRepresentation: hashE(R1, R2, A, C_)) } catch {
            throw CryptoError(.degenerateResult, "DLEQ challenge is not a valid scalar")
        }
        let s = try r.adding(e.multiplied(by: a))
        return BlindSignatureDLEQ(e: e, s: s)
    }

    /// Checks a DLEQ proof: `R1 = s·G − e·A`, `R2 = s·B_ − e·C_`, valid iff `e == hash_e(R1, R2, A, C_)` (NUT-12).
    ///
    /// - Parameters:
    ///   - A: the mint's public key for the amount.
    ///   - B_: the blinded message.
    ///   - C_: the blind signature.
    ///   - e: the challenge.
    ///   - s: the response.
    /// - Returns: `true` iff the proof holds; a point at infinity along the way makes it `false`.
    package static func verify(A: Point, B_: Point, C_: Point, e: Scalar, s: Scalar) -> Bool {
        guard
            let R1 = try? s.publicKey.subtracting(A.multiplied(by: e)),
            let R2 = try? B_.multiplied(by: s).subtracting(C_.multiplied(by: e))
        else { return false }
        return hashE(R1, R2, A, C_) == e.exposedSecretBytes
    }
}
