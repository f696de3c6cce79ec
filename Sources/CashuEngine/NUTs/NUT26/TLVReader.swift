// NUT-26 — Payment request bech32m encoding: reading and writing type(1) || length(2, big-endian) || value records.

/// Walks TLV records in untrusted bytes; every length is checked against what remains before it is used.
struct TLVReader {
    private let bytes: [UInt8]
    private var index: Int

    init(_ bytes: some Collection<UInt8>) {
        self.bytes = Array(bytes)
        self.index = 0
    }

    /// The next record, or `nil` at the end of the input.
    ///
    /// - Throws: ``EncodingFailure`` `.truncated` when a header is cut short or a length runs past the end.
    mutating func next() throws(EncodingFailure) -> (tag: UInt8, value: ArraySlice<UInt8>)? {
        guard index < bytes.count else { return nil }
        guard bytes.count - index >= 3 else { throw EncodingFailure(.truncated, "TLV header cut short") }
        let tag = bytes[index]
        let length = Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
        index += 3
        guard length <= bytes.count - index else {
            throw EncodingFailure(.truncated, "TLV length \(length) runs past the end of the input")
        }
        defer { index += length }
        return (tag, bytes[index..<index + length])
    }
}

/// Builds TLV records.
struct TLVWriter {
    private(set) var bytes: [UInt8] = []

    /// Appends one record.
    ///
    /// - Throws: ``EncodingFailure`` `.limitExceeded` for a value longer than 65,535 bytes.
    mutating func append(_ tag: UInt8, _ value: some Collection<UInt8>) throws(EncodingFailure) {
        guard value.count <= Int(UInt16.max) else {
            throw EncodingFailure(.limitExceeded, "TLV value of \(value.count) bytes exceeds 65535")
        }
        bytes.append(tag)
        bytes.append(UInt8(value.count >> 8))
        bytes.append(UInt8(value.count & 0xff))
        bytes.append(contentsOf: value)
    }

    /// Appends a record holding a UTF-8 string.
    mutating func append(_ tag: UInt8, _ text: String) throws(EncodingFailure) {
        try append(tag, Array(text.utf8))
    }

    /// Appends a record holding a u64, 8 bytes big-endian (NUT-26 amounts and fees).
    mutating func append(_ tag: UInt8, u64 value: UInt64) throws(EncodingFailure) {
        try append(tag, (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }
}

extension TLVReader {
    /// A u64 record's value: exactly 8 bytes, big-endian.
    /// - Throws: ``EncodingFailure`` `.invalidLength` naming `field` for any other length.
    static func u64(_ value: ArraySlice<UInt8>, _ field: String) throws(EncodingFailure) -> UInt64 {
        guard value.count == 8 else { throw EncodingFailure(.invalidLength, "creqb \(field) must be 8 bytes") }
        return value.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}

/// The tag-tuple value (NUT-26 §Tag Tuple Encoding): key length u8, key, then value length u8 and value per value.
enum TagTuple {
    static func encode(_ tag: [String]) throws(EncodingFailure) -> [UInt8] {
        guard !tag.isEmpty else { throw EncodingFailure(.invalidField, "a tag needs at least a key") }
        var out: [UInt8] = []
        for part in tag {
            let utf8 = Array(part.utf8)
            guard utf8.count <= Int(UInt8.max) else {
                throw EncodingFailure(.limitExceeded, "tag element longer than 255 bytes")
            }
            out.append(UInt8(utf8.count))
            out.append(contentsOf: utf8)
        }
        return out
    }

    static func decode(_ value: ArraySlice<UInt8>) throws(EncodingFailure) -> [String] {
        var parts: [String] = []
        var index = value.startIndex
        while index < value.endIndex {
            let length = Int(value[index])
            index += 1
            guard length <= value.endIndex - index else {
                throw EncodingFailure(.truncated, "tag tuple element runs past the end of its record")
            }
            parts.append(try decodeUTF8(value[index..<index + length], "tag tuple element"))
            index += length
        }
        guard !parts.isEmpty else { throw EncodingFailure(.invalidField, "empty tag tuple") }
        return parts
    }
}

/// Validated UTF-8 text from untrusted bytes.
func decodeUTF8(_ bytes: ArraySlice<UInt8>, _ what: String) throws(EncodingFailure) -> String {
    guard let s = String(validating: bytes, as: UTF8.self) else {
        throw EncodingFailure(.invalidField, "\(what) is not valid UTF-8")
    }
    return s
}
