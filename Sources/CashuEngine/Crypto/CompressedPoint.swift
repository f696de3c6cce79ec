// NUT-00 — Cryptography and models: a point as received (33 compressed bytes), checked on the curve when first used.

/// A 33-byte SEC1 compressed point whose shape (length, `02`/`03` prefix) is checked on creation and whose curve
/// membership is checked by `point()`.
///
/// Proofs carry their signature `C` in this form: decoding a 1000-proof token must not pay libsecp256k1's ~6 µs square
/// root per proof up front. Everything that computes with `C` (DLEQ checks, spending) goes through `point()`, and
/// `Token.validatePoints()` checks a whole token at once.
package struct CompressedPoint: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 33 bytes.
    package let compressedRepresentation: [UInt8]

    /// Wraps 33 bytes starting `02` or `03`.
    ///
    /// - Throws: ``CryptoError`` `.invalidPoint` for any other length or prefix.
    package init(compressedRepresentation bytes: [UInt8]) throws(CryptoError) {
        guard bytes.count == 33, bytes[0] == 0x02 || bytes[0] == 0x03 else {
            throw CryptoError(.invalidPoint, "a compressed point is 33 bytes starting 02 or 03")
        }
        compressedRepresentation = bytes
    }

    /// Parses 66 hex characters.
    package init(hex: some StringProtocol) throws(CryptoError) {
        let bytes: [UInt8]
        do { bytes = try Hex.parse(hex) } catch {
            throw CryptoError(.invalidPoint, "a point must be hex")
        }
        try self.init(compressedRepresentation: bytes)
    }

    /// Parses hex from a `String`: the generic initializer, specialized here, so that a caller in another module (an
    /// app, a store of its own reading two points per proof) does not run it unspecialized.
    package init(hex: String) throws(CryptoError) {
        let bytes: [UInt8]
        do { bytes = try Hex.parse(hex) } catch {
            throw CryptoError(.invalidPoint, "a point must be hex")
        }
        try self.init(compressedRepresentation: bytes)
    }

    /// The encoding of a point already known to be valid.
    package init(_ point: Point) {
        compressedRepresentation = point.compressedRepresentation
    }

    /// The point, after checking that it lies on secp256k1.
    ///
    /// - Throws: ``CryptoError`` `.invalidPoint` when the x-coordinate has no point.
    package func point() throws(CryptoError) -> Point {
        try Point(compressedRepresentation: compressedRepresentation)
    }

    /// Lowercase hex, as points appear in NUT JSON.
    package var hex: String { Hex.encode(compressedRepresentation) }

    package var description: String { hex }
    package init(from decoder: Decoder) throws {
        self = try HexCoding.decode(from: decoder) { try CompressedPoint(hex: $0) }
    }

    package func encode(to encoder: Encoder) throws {
        try HexCoding.encode(hex, to: encoder)
    }
}
