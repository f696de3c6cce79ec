// NUT-02 — Keysets and fees: the keyset identifier (v1 `00` 8 bytes, v2 `01` 33 bytes, or an 8-byte short id).

/// A keyset identifier as it appears on the wire (hex in JSON, bytes in V4 tokens).
///
/// Version `00` ids are 8 bytes; version `01` ids are 33 bytes, and V4 tokens may carry their 8-byte prefix
/// (a *short id*, NUT-00) that must be resolved against the mint's keysets before use.
public struct KeysetID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    /// The raw id bytes; the first byte is the version.
    package let bytes: [UInt8]

    /// Version `00`: the legacy 8-byte id.
    package static let versionV1: UInt8 = 0x00
    /// Version `01`: the 33-byte SHA-256 id.
    package static let versionV2: UInt8 = 0x01

    /// Wraps id bytes.
    ///
    /// - Throws: ``EncodingFailure`` `.invalidLength` unless the bytes form an 8-byte id (v1, or a v2 short id) or a
    ///   33-byte v2 id.
    package init(bytes: [UInt8]) throws(EncodingFailure) {
        guard let version = bytes.first else {
            throw EncodingFailure(.invalidLength, "a keyset id cannot be empty")
        }
        switch (version, bytes.count) {
        case (Self.versionV1, 8), (Self.versionV2, 8), (Self.versionV2, 33):
            self.bytes = bytes
        default:
            throw EncodingFailure(
                .invalidLength, "keyset id version \(version) with \(bytes.count) bytes is not a known form")
        }
    }

    /// Parses a hex keyset id.
    package init(hex: some StringProtocol) throws(EncodingFailure) {
        try self.init(bytes: try Hex.parse(hex))
    }

    /// Parses a hex keyset id from a `String`: the generic initializer, specialized here, so that a caller in another
    /// module (an app, a store of its own reading one per proof) does not run it unspecialized, character by character.
    package init(hex: String) throws(EncodingFailure) {
        try self.init(bytes: try Hex.parse(hex))
    }

    /// The version byte (`0x00` or `0x01`).
    package var version: UInt8 { bytes[0] }

    /// Whether this is an 8-byte prefix of a v2 id that must be resolved before use.
    package var isShort: Bool { version == Self.versionV2 && bytes.count == 8 }

    /// The first 8 bytes: the id itself for v1, the short form for v2.
    package var shortened: KeysetID {
        // Any valid id has at least 8 bytes and its prefix is a valid 8-byte id.
        isShort || version == Self.versionV1 ? self : KeysetID(unchecked: Array(bytes.prefix(8)))
    }

    /// Lowercase hex, as ids appear in JSON.
    package var hex: String { Hex.encode(bytes) }

    public var description: String { hex }

    /// Whether `self` (possibly short) designates `full`.
    package func matches(_ full: KeysetID) -> Bool {
        self == full || (isShort && full.bytes.starts(with: bytes))
    }

    /// Resolves a possibly short id against the known keyset ids (NUT-00 V4 rule).
    ///
    /// - Throws: ``EncodingFailure`` `.unknownKeyset` when nothing matches, `.ambiguousKeyset` when several do.
    package func resolve(among known: some Sequence<KeysetID>) throws(EncodingFailure) -> KeysetID {
        var found: KeysetID? = nil
        for candidate in known where matches(candidate) && !candidate.isShort {
            if let previous = found, previous != candidate {
                throw EncodingFailure(.ambiguousKeyset, "short keyset id \(hex) matches several keysets")
            }
            found = candidate
        }
        if let found { return found }
        if !isShort, known.contains(self) { return self }
        throw EncodingFailure(.unknownKeyset, "keyset \(hex) is not known")
    }

    public static func < (lhs: KeysetID, rhs: KeysetID) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
    public init(from decoder: Decoder) throws {
        self = try HexCoding.decode(from: decoder) { try KeysetID(hex: $0) }
    }

    public func encode(to encoder: Encoder) throws {
        try HexCoding.encode(hex, to: encoder)
    }

    private init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
    }
}
