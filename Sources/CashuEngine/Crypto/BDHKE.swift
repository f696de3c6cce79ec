// NUT-00 — Cryptography and models: blind Diffie-Hellman key exchange (blind, sign, unblind, verify).

/// The blind Diffie-Hellman key exchange of NUT-00.
///
/// The wallet blinds `Y = hash_to_curve(x)` as `B_ = Y + r·G`, the mint signs `C_ = k·B_`, and the wallet unblinds
/// `C = C_ − r·K` where `K = k·G` is the mint's key for the amount. The mint later accepts `(x, C)` iff `C == k·Y`.
package enum BDHKE {
    /// Blinds a proof secret: `B_ = hash_to_curve(utf8(secret)) + r·G`.
    ///
    /// - Parameters:
    ///   - secret: the proof's secret string (its UTF-8 bytes are hashed).
    ///   - r: the blinding factor; keep it, it is needed to unblind.
    /// - Returns: the blinded message `B_`.
    /// - Throws: ``CryptoError`` `.hashToCurveExhausted`, or `.degenerateResult` if `Y + r·G` is infinity.
    package static func blind(secret: String, r: Scalar) throws(CryptoError) -> Point {
        try blind(y: HashToCurve.point(secret: secret), r: r)
    }

    /// Blinds raw message bytes: `B_ = hash_to_curve(message) + r·G`.
    ///
    /// - Parameters:
    ///   - message: the bytes given to `hash_to_curve`.
    ///   - r: the blinding factor.
    /// - Returns: the blinded message `B_`.
    /// - Throws: ``CryptoError`` `.hashToCurveExhausted` or `.degenerateResult`.
    package static func blind<Bytes: Collection>(message: Bytes, r: Scalar) throws(CryptoError) -> Point
    where Bytes.Element == UInt8 {
        try blind(y: HashToCurve.point(message: message), r: r)
    }

    /// Blinds a proof secret with a fresh random blinding factor.
    ///
    /// - Parameter secret: the proof's secret string.
    /// - Returns: the blinded message `B_` and the blinding factor `r` to keep for unblinding.
    /// - Throws: ``CryptoError`` `.hashToCurveExhausted` or `.degenerateResult`.
    package static func blind(secret: String) throws(CryptoError) -> (B_: Point, r: Scalar) {
        let r = Scalar.random()
        return (try blind(secret: secret, r: r), r)
    }

    /// Unblinds the mint's signature: `C = C_ − r·K`.
    ///
    /// - Parameters:
    ///   - C_: the blind signature returned by the mint.
    ///   - r: the blinding factor used for `B_`.
    ///   - mintKey: `K`, the mint's public key for this output's amount in its keyset.
    /// - Returns: the unblinded signature `C`.
    /// - Throws: ``CryptoError`` `.degenerateResult` if the difference is infinity.
    package static func unblind(C_: Point, r: Scalar, mintKey: Point) throws(CryptoError) -> Point {
        try C_.subtracting(mintKey.multiplied(by: r))
    }

    /// Mint side: signs a blinded message, `C_ = k·B_`.
    ///
    /// - Parameters:
    ///   - B_: the blinded message.
    ///   - k: the mint's private key for the amount.
    /// - Returns: the blind signature `C_`.
    package static func sign(B_: Point, k: Scalar) -> Point {
        B_.multiplied(by: k)
    }

    /// Mint side: checks an unblinded signature on a proof secret, `C == k·hash_to_curve(utf8(secret))`.
    ///
    /// - Parameters:
    ///   - secret: the proof's secret string.
    ///   - C: the proof's signature.
    ///   - k: the mint's private key for the proof's amount.
    /// - Returns: whether `C` is the signature of `secret` under `k`.
    /// - Throws: ``CryptoError`` `.hashToCurveExhausted`.
    package static func verify(secret: String, C: Point, k: Scalar) throws(CryptoError) -> Bool {
        try HashToCurve.point(secret: secret).multiplied(by: k) == C
    }

    /// Mint side: checks an unblinded signature on raw message bytes, `C == k·hash_to_curve(message)`.
    ///
    /// - Parameters:
    ///   - message: the bytes given to `hash_to_curve`.
    ///   - C: the signature.
    ///   - k: the mint's private key.
    /// - Returns: whether `C` is the signature of `message` under `k`.
    /// - Throws: ``CryptoError`` `.hashToCurveExhausted`.
    package static func verify<Bytes: Collection>(message: Bytes, C: Point, k: Scalar) throws(CryptoError) -> Bool
    where Bytes.Element == UInt8 {
        try HashToCurve.point(message: message).multiplied(by: k) == C
    }

    private static func blind(y: Point, r: Scalar) throws(CryptoError) -> Point {
        try y.adding(r.publicKey)
    }
}
