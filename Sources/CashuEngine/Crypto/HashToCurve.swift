// NUT-00 — Cryptography and models: hash_to_curve, the map from a secret's bytes to the curve point Y.

import Crypto

/// Cashu's `hash_to_curve`: deterministically maps a message to a secp256k1 point with even y (NUT-00).
///
/// `msg_hash = SHA256("Secp256k1_HashToCurve_Cashu_" || x)`, then for `counter` in `0..<2^16` the first
/// `02 || SHA256(msg_hash || uint32_le(counter))` that parses as a point is `Y`.
package enum HashToCurve {
    /// NUT-00 `DOMAIN_SEPARATOR`.
    static let domainSeparator: [UInt8] = Array("Secp256k1_HashToCurve_Cashu_".utf8)

    /// How many counters are tried before giving up; about half of all x lift, so this is never reached in practice.
    static let counterLimit: UInt32 = 1 << 16

    /// `Y = hash_to_curve(utf8(secret))`, the point of a proof's secret string.
    ///
    /// - Parameter secret: the proof secret; its UTF-8 bytes are hashed (never its hex-decoded bytes).
    /// - Returns: the point `Y`.
    /// - Throws: ``CryptoError`` `.hashToCurveExhausted` if no counter below 2^16 gives a point.
    package static func point(secret: String) throws(CryptoError) -> Point {
        // Native Swift strings hand out their UTF-8 contiguously, so this does not copy.
        try point(message: secret.utf8, counterLimit: counterLimit)
    }

    /// `Y = hash_to_curve(message)` for raw message bytes.
    ///
    /// - Parameter message: the bytes to map.
    /// - Returns: the point `Y`.
    /// - Throws: ``CryptoError`` `.hashToCurveExhausted` if no counter below 2^16 gives a point.
    package static func point<Bytes: Collection>(message: Bytes) throws(CryptoError) -> Point
    where Bytes.Element == UInt8 {
        try point(message: message, counterLimit: counterLimit)
    }

    /// `hash_to_curve` with an adjustable counter bound, so tests can reach exhaustion.
    static func point<Bytes: Collection>(message: Bytes, counterLimit: UInt32) throws(CryptoError) -> Point
    where Bytes.Element == UInt8 {
        let result = message.withContiguousStorageIfAvailable { buffer in
            Result { () throws(CryptoError) -> Point in
                try point(buffer: UnsafeRawBufferPointer(buffer), counterLimit: counterLimit)
            }
        }
        if let result { return try result.get() }
        let copy = Array(message)
        return try copy.withUnsafeBytes { buffer in
            Result { () throws(CryptoError) -> Point in try point(buffer: buffer, counterLimit: counterLimit) }
        }.get()
    }

    private static func point(buffer: UnsafeRawBufferPointer, counterLimit: UInt32) throws(CryptoError) -> Point {
        var outer = SHA256()
        domainSeparator.withUnsafeBytes { outer.update(bufferPointer: $0) }
        outer.update(bufferPointer: buffer)
        let messageHash = outer.finalize()

        // The hash state after absorbing msg_hash is the same for every counter: copy it instead of re-hashing.
        var prefix = SHA256()
        messageHash.withUnsafeBytes { prefix.update(bufferPointer: $0) }

        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 33) {
            (candidate) throws(CryptoError) -> Point in
            candidate[0] = 0x02
            var counter: UInt32 = 0
            while counter < counterLimit {
                var hasher = prefix
                withUnsafeBytes(of: counter.littleEndian) { hasher.update(bufferPointer: $0) }
                let digest = hasher.finalize()
                digest.withUnsafeBytes { bytes in
                    for i in 0..<32 { candidate[i + 1] = bytes[i] }
                }
                if let y = Point(liftingCompressed: UnsafeBufferPointer(candidate)) { return y }
                counter += 1
            }
            throw CryptoError(.hashToCurveExhausted, "no point found for any counter below \(counterLimit)")
        }
    }
}
