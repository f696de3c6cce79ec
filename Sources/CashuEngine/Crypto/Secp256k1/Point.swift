// CoreCashu — secp256k1 curve points (public keys, blinded messages, signatures) over libsecp256k1 (NUT-00, NUT-01).

internal import CSecp256k1

/// A point on secp256k1 other than infinity.
///
/// Parsing validates that the bytes are on the curve. All arithmetic is done by libsecp256k1.
public struct Point: Sendable, Hashable, CustomStringConvertible {
    var raw: secp256k1_pubkey

    init(raw: secp256k1_pubkey) {
        self.raw = raw
    }

    /// Parses a 33-byte SEC1 compressed point (`02`/`03` prefix). Cashu puts only compressed points on the wire.
    ///
    /// - Throws: ``CryptoError`` `.invalidPoint` for any other length, prefix, or an x with no point.
    package init<Bytes: Collection>(compressedRepresentation bytes: Bytes) throws(CryptoError)
    where Bytes.Element == UInt8 {
        guard bytes.count == 33, let first = bytes.first, first == 0x02 || first == 0x03 else {
            throw CryptoError(.invalidPoint, "a compressed point is 33 bytes starting 02 or 03")
        }
        try self.init(sec1: bytes)
    }

    /// Parses a SEC1 point, compressed (33 bytes) or uncompressed (65 bytes, `04` prefix).
    package init<Bytes: Collection>(sec1 bytes: Bytes) throws(CryptoError) where Bytes.Element == UInt8 {
        guard bytes.count == 33 || bytes.count == 65 else {
            throw CryptoError(.invalidPoint, "a SEC1 point is 33 or 65 bytes, got \(bytes.count)")
        }
        // libsecp256k1 also parses the hybrid 06/07 form; refusing it keeps one point from having a third encoding.
        let prefix = bytes.first
        guard bytes.count == 33 ? (prefix == 0x02 || prefix == 0x03) : prefix == 0x04 else {
            throw CryptoError(.invalidPoint, "a SEC1 point starts 02/03 (33 bytes) or 04 (65 bytes)")
        }
        var key = secp256k1_pubkey()
        let ok: Int32
        if let contiguous = bytes.withContiguousStorageIfAvailable({ buffer in
            secp256k1_ec_pubkey_parse(Secp256k1Context.shared.raw, &key, buffer.baseAddress!, buffer.count)
        }) {
            ok = contiguous
        } else {
            let copy = Array(bytes)
            ok = secp256k1_ec_pubkey_parse(Secp256k1Context.shared.raw, &key, copy, copy.count)
        }
        guard ok == 1 else { throw CryptoError(.invalidPoint, "bytes are not a point on secp256k1") }
        self.raw = key
    }

    /// Parses a 66-character hex compressed point.
    package init(hex: some StringProtocol) throws(CryptoError) {
        let bytes: [UInt8]
        do { bytes = try Hex.parse(hex) } catch {
            throw CryptoError(.invalidPoint, "a point must be hex")
        }
        try self.init(compressedRepresentation: bytes)
    }

    /// Parses hex from a `String`: the generic initializer, specialized here, so that a caller in another module (an
    /// app, a store of its own reading two points per proof) does not run it unspecialized.
    public init(hex: String) throws {
        let bytes: [UInt8]
        do { bytes = try Hex.parse(hex) } catch {
            throw CryptoError(.invalidPoint, "a point must be hex")
        }
        try self.init(compressedRepresentation: bytes)
    }

    /// The point with x-coordinate `x` and even y (BIP-340 lifting).
    public init<Bytes: Collection>(xOnly x: Bytes) throws where Bytes.Element == UInt8 {
        try self.init(lifting: x)
    }

    /// ``init(xOnly:)`` with its typed error, for the library's own callers.
    package init<Bytes: Collection>(lifting x: Bytes) throws(CryptoError) where Bytes.Element == UInt8 {
        guard x.count == 32 else { throw CryptoError(.invalidPoint, "an x-only key is 32 bytes, got \(x.count)") }
        try self.init(sec1: [0x02] + x)
    }

    /// `k · G`.
    package init(generatorMultipliedBy k: Scalar) {
        var key = secp256k1_pubkey()
        // A valid non-zero scalar always has a public key.
        _ = try? k.withUnsafeBytes { (p) throws(CryptoError) -> Int32 in
            secp256k1_ec_pubkey_create(Secp256k1Context.shared.raw, &key, p)
        }
        self.raw = key
    }

    /// The 33-byte SEC1 compressed encoding.
    package var compressedRepresentation: [UInt8] { serialize(compressed: true) }

    /// The 65-byte SEC1 uncompressed encoding (`04 || x || y`).
    package var uncompressedRepresentation: [UInt8] { serialize(compressed: false) }

    /// The lowercase hex of the compressed encoding, as points appear in NUT JSON.
    public var hex: String { Hex.encode(compressedRepresentation) }

    /// The 32-byte x-coordinate.
    package var xOnly: [UInt8] { Array(compressedRepresentation.dropFirst()) }

    /// Whether the y-coordinate is even.
    package var hasEvenY: Bool { compressedRepresentation[0] == 0x02 }

    /// `self + other`.
    ///
    /// - Throws: ``CryptoError`` `.degenerateResult` if the sum is the point at infinity.
    package func adding(_ other: Point) throws(CryptoError) -> Point {
        var out = secp256k1_pubkey()
        var a = raw
        var b = other.raw
        let ok = withUnsafePointer(to: &a) { pa in
            withUnsafePointer(to: &b) { pb in
                var pair: [UnsafePointer<secp256k1_pubkey>?] = [pa, pb]
                return secp256k1_ec_pubkey_combine(Secp256k1Context.shared.raw, &out, &pair, 2)
            }
        }
        guard ok == 1 else { throw CryptoError(.degenerateResult, "point sum is infinity") }
        return Point(raw: out)
    }

    /// `self - other`.
    package func subtracting(_ other: Point) throws(CryptoError) -> Point {
        try adding(other.negated())
    }

    /// `-self`.
    package func negated() -> Point {
        var out = raw
        _ = secp256k1_ec_pubkey_negate(Secp256k1Context.shared.raw, &out)
        return Point(raw: out)
    }

    /// `k · self`.
    package func multiplied(by k: Scalar) -> Point {
        var out = raw
        // Multiplying a valid point by a valid non-zero scalar (n is prime) cannot give infinity.
        _ = try? k.withUnsafeBytes { (p) throws(CryptoError) -> Int32 in
            secp256k1_ec_pubkey_tweak_mul(Secp256k1Context.shared.raw, &out, p)
        }
        return Point(raw: out)
    }

    public var description: String { hex }

    public static func == (lhs: Point, rhs: Point) -> Bool {
        var a = lhs.raw
        var b = rhs.raw
        return secp256k1_ec_pubkey_cmp(Secp256k1Context.shared.raw, &a, &b) == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(compressedRepresentation)
    }

    private func serialize(compressed: Bool) -> [UInt8] {
        var key = raw
        var length = compressed ? 33 : 65
        var out = [UInt8](repeating: 0, count: length)
        let flags = UInt32(compressed ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED)
        _ = secp256k1_ec_pubkey_serialize(Secp256k1Context.shared.raw, &out, &length, &key, flags)
        return out
    }
}
