// CoreCashu — secp256k1 scalars (private keys, blinding factors, DLEQ values) over libsecp256k1 (NUT-00, NUT-12).

internal import CSecp256k1

/// A non-zero integer modulo the secp256k1 group order `n`.
///
/// Scalars are treated as secret: they print as `<redacted>`, live in zeroing storage, and hand out their bytes only
/// through `exposedSecretBytes` / `exposedSecretHex`. All arithmetic is done by libsecp256k1.
public struct Scalar: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    let bytes: SecureBytes

    /// The group order n, big-endian.
    static let order: [UInt8] = [
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
        0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
    ]

    private init(verified: SecureBytes) {
        self.bytes = verified
    }

    /// Parses a 32-byte big-endian scalar.
    ///
    /// - Throws: ``CryptoError`` `.invalidScalar` unless the bytes are 32 long and encode a value in `1..<n`.
    package init<Bytes: Collection>(rawRepresentation raw: Bytes) throws(CryptoError) where Bytes.Element == UInt8 {
        guard raw.count == 32 else {
            throw CryptoError(.invalidScalar, "a scalar is 32 bytes, got \(raw.count)")
        }
        let candidate = SecureBytes(raw)
        guard Self.isValid(candidate) else {
            throw CryptoError(.invalidScalar, "scalar is zero or not below the group order")
        }
        self.bytes = candidate
    }

    /// Parses a 64-character hex scalar.
    package init(hex: some StringProtocol) throws(CryptoError) {
        let raw: [UInt8]
        do { raw = try Hex.decode(hex, count: 32) } catch {
            throw CryptoError(.invalidScalar, "a scalar is 64 hex characters")
        }
        try self.init(rawRepresentation: raw)
    }

    /// Parses a hex scalar from a `String` (specialized here for callers in other modules).
    public init(hex: String) throws {
        let raw: [UInt8]
        do { raw = try Hex.decode(hex, count: 32) } catch {
            throw CryptoError(.invalidScalar, "a scalar is 64 hex characters")
        }
        try self.init(rawRepresentation: raw)
    }

    /// Parses a hex scalar from a `Substring` (specialized here for callers in other modules: the SQLite store reads
    /// a stored DLEQ's three scalars as slices of its text, which the generic initializer ran unspecialized).
    package init(hex: Substring) throws(CryptoError) {
        let raw: [UInt8]
        do { raw = try Hex.decode(hex, count: 32) } catch {
            throw CryptoError(.invalidScalar, "a scalar is 64 hex characters")
        }
        try self.init(rawRepresentation: raw)
    }

    /// Interprets 32 bytes as a big-endian integer and reduces it modulo n (NUT-13's `int(HMAC) mod n`).
    ///
    /// - Throws: ``CryptoError`` `.invalidScalar` if the input is not 32 bytes or reduces to zero.
    package init<Bytes: Collection>(reducing raw: Bytes) throws(CryptoError) where Bytes.Element == UInt8 {
        guard raw.count == 32 else {
            throw CryptoError(.invalidScalar, "a scalar is 32 bytes, got \(raw.count)")
        }
        let value = SecureBytes(raw)
        // Any 256-bit value is below 2n, so one conditional subtraction reduces it.
        if !Self.isBelowOrder(value) {
            value.withUnsafeBytes { buffer in
                let p = UnsafeMutableRawPointer(mutating: buffer.baseAddress!)
                var borrow = 0
                for i in stride(from: 31, through: 0, by: -1) {
                    let diff = Int(p.load(fromByteOffset: i, as: UInt8.self)) - Int(Self.order[i]) - borrow
                    borrow = diff < 0 ? 1 : 0
                    p.storeBytes(of: UInt8(truncatingIfNeeded: diff + (borrow << 8)), toByteOffset: i, as: UInt8.self)
                }
            }
        }
        guard Self.isValid(value) else {
            throw CryptoError(.invalidScalar, "scalar reduces to zero")
        }
        self.bytes = value
    }

    /// A uniformly random non-zero scalar from the system's secure generator.
    package static func random() -> Scalar {
        while true {
            let candidate = SecureBytes.random(count: 32)
            if isValid(candidate) { return Scalar(verified: candidate) }
        }
    }

    /// `self + other mod n`.
    ///
    /// - Throws: ``CryptoError`` `.degenerateResult` if the sum is zero.
    package func adding(_ other: Scalar) throws(CryptoError) -> Scalar {
        try combined(with: other, secp256k1_ec_seckey_tweak_add, what: "sum")
    }

    /// `self · other mod n`.
    package func multiplied(by other: Scalar) throws(CryptoError) -> Scalar {
        try combined(with: other, secp256k1_ec_seckey_tweak_mul, what: "product")
    }

    /// `-self mod n`.
    package func negated() -> Scalar {
        let result = SecureBytes(count: 32)
        result.withUnsafeBytes { out in
            let p = UnsafeMutableRawPointer(mutating: out.baseAddress!)
            bytes.withUnsafeBytes { p.copyMemory(from: $0.baseAddress!, byteCount: 32) }
            // Negating a valid non-zero scalar cannot fail.
            _ = secp256k1_ec_seckey_negate(Secp256k1Context.shared.raw, p.assumingMemoryBound(to: UInt8.self))
        }
        return Scalar(verified: result)
    }

    /// `self · G`, the public key of this scalar.
    package var publicKey: Point {
        Point(generatorMultipliedBy: self)
    }

    /// A copy of the 32 big-endian bytes. Not zeroed on release: keep its lifetime short.
    package var exposedSecretBytes: [UInt8] { bytes.exposedSecretBytes }

    /// The 64-character lowercase hex of the scalar. Not zeroed on release: keep its lifetime short.
    package var exposedSecretHex: String { Hex.encode(bytes.exposedSecretBytes) }

    /// Calls `body` with a pointer to the 32 bytes.
    func withUnsafeBytes<R>(_ body: (UnsafePointer<UInt8>) throws(CryptoError) -> R) throws(CryptoError) -> R {
        try bytes.withUnsafeBytes { (buffer) throws(CryptoError) -> R in
            try body(buffer.bindMemory(to: UInt8.self).baseAddress!)
        }
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "Scalar(<redacted>)" }

    private typealias Tweak = (OpaquePointer, UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>) -> Int32

    private func combined(with other: Scalar, _ operation: Tweak, what: String) throws(CryptoError) -> Scalar {
        let result = SecureBytes(count: 32)
        let ok = result.withUnsafeBytes { out in
            let p = UnsafeMutableRawPointer(mutating: out.baseAddress!)
            bytes.withUnsafeBytes { p.copyMemory(from: $0.baseAddress!, byteCount: 32) }
            return other.bytes.withUnsafeBytes { tweak in
                operation(
                    Secp256k1Context.shared.raw,
                    p.assumingMemoryBound(to: UInt8.self),
                    tweak.bindMemory(to: UInt8.self).baseAddress!
                )
            }
        }
        guard ok == 1 else { throw CryptoError(.degenerateResult, "scalar \(what) is zero") }
        return Scalar(verified: result)
    }

    private static func isValid(_ value: SecureBytes) -> Bool {
        value.withUnsafeBytes { buffer in
            secp256k1_ec_seckey_verify(Secp256k1Context.shared.raw, buffer.bindMemory(to: UInt8.self).baseAddress!) == 1
        }
    }

    private static func isBelowOrder(_ value: SecureBytes) -> Bool {
        value.withUnsafeBytes { buffer in
            for i in 0..<32 where buffer[i] != order[i] {
                return buffer[i] < order[i]
            }
            return false
        }
    }
}
