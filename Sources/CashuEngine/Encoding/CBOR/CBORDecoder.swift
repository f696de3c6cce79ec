// CoreCashu — a bounded CBOR decoder for untrusted bytes (tokens V4, NUT-00; payment requests, NUT-18).

/// Decodes one CBOR data item from untrusted bytes.
///
/// Accepts definite and indefinite lengths, skips tags, and maps `undefined` to ``CBORValue/undefined``. Every length
/// is checked against the bytes that remain before anything is allocated, nesting is bounded, and trailing bytes are
/// an error, so hostile input costs at most linear time and memory.
package struct CBORDecoder {
    /// The deepest nesting of arrays, maps and tags accepted.
    package static let maximumDepth = 32

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Decodes exactly one data item spanning all of `bytes`.
    ///
    /// - Throws: ``EncodingFailure`` `.truncated` when the input ends early, `.invalidCBOR` for malformed or
    ///   unsupported items and trailing bytes, `.limitExceeded` for nesting deeper than ``maximumDepth``.
    package static func decode(_ bytes: [UInt8]) throws(EncodingFailure) -> CBORValue {
        var decoder = CBORDecoder(bytes: bytes)
        let value = try decoder.item(depth: 0)
        guard decoder.index == bytes.count else {
            throw EncodingFailure(.invalidCBOR, "\(bytes.count - decoder.index) bytes after the CBOR item")
        }
        return value
    }

    private var remaining: Int { bytes.count - index }

    private mutating func byte() throws(EncodingFailure) -> UInt8 {
        guard index < bytes.count else { throw EncodingFailure(.truncated, "CBOR input ends early") }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func take(_ count: Int) throws(EncodingFailure) -> ArraySlice<UInt8> {
        guard count <= remaining else { throw EncodingFailure(.truncated, "CBOR string runs past the input") }
        defer { index += count }
        return bytes[index..<index + count]
    }

    /// Reads the argument of an initial byte; `nil` means indefinite length (additional info 31).
    private mutating func argument(_ info: UInt8) throws(EncodingFailure) -> UInt64? {
        switch info {
        case 0..<24: return UInt64(info)
        case 24: return UInt64(try byte())
        case 25, 26, 27:
            let width = 1 << (info - 24)
            var value: UInt64 = 0
            for b in try take(width) { value = value << 8 | UInt64(b) }
            return value
        case 31: return nil
        default: throw EncodingFailure(.invalidCBOR, "reserved CBOR additional information \(info)")
        }
    }

    /// A definite length that must fit in what is left of the input (each element costs at least one byte).
    private func length(_ value: UInt64) throws(EncodingFailure) -> Int {
        guard value <= UInt64(remaining) else {
            throw EncodingFailure(.truncated, "CBOR length \(value) exceeds the \(remaining) bytes left")
        }
        return Int(value)
    }

    private mutating func item(depth: Int) throws(EncodingFailure) -> CBORValue {
        guard depth <= Self.maximumDepth else {
            throw EncodingFailure(.limitExceeded, "CBOR nesting deeper than \(Self.maximumDepth)")
        }
        let initial = try byte()
        let major = initial >> 5
        let info = initial & 0x1f
        switch major {
        case 0:
            guard let value = try argument(info) else { throw indefinite("an integer") }
            return .unsigned(value)
        case 1:
            guard let value = try argument(info) else { throw indefinite("an integer") }
            return .negative(value)
        case 2:
            return .bytes(try string(info: info, major: 2))
        case 3:
            // Definite-length text (every Cashu encoder) is validated straight from the input, with no copy.
            if let declared = try argument(info) {
                let raw = try take(try length(declared))
                guard let text = String(validating: raw, as: UTF8.self) else {
                    throw EncodingFailure(.invalidCBOR, "CBOR text string is not valid UTF-8")
                }
                return .text(text)
            }
            let raw = try indefiniteString(major: 3)
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw EncodingFailure(.invalidCBOR, "CBOR text string is not valid UTF-8")
            }
            return .text(text)
        case 4:
            return .array(try array(info: info, depth: depth))
        case 5:
            return .map(try map(info: info, depth: depth))
        case 6:
            guard try argument(info) != nil else { throw indefinite("a tag") }
            return try item(depth: depth + 1)
        default:
            return try simple(info)
        }
    }

    private func indefinite(_ what: String) -> EncodingFailure {
        EncodingFailure(.invalidCBOR, "indefinite length is not allowed for \(what)")
    }

    private mutating func string(info: UInt8, major: UInt8) throws(EncodingFailure) -> [UInt8] {
        if let declared = try argument(info) {
            return Array(try take(try length(declared)))
        }
        return try indefiniteString(major: major)
    }

    /// The chunks of an indefinite-length string (after its initial byte), joined.
    private mutating func indefiniteString(major: UInt8) throws(EncodingFailure) -> [UInt8] {
        var out: [UInt8] = []
        while true {
            let initial = try byte()
            if initial == 0xff { return out }
            guard initial >> 5 == major, let declared = try argument(initial & 0x1f) else {
                throw EncodingFailure(.invalidCBOR, "bad chunk in an indefinite-length CBOR string")
            }
            out.append(contentsOf: try take(try length(declared)))
        }
    }

    private mutating func array(info: UInt8, depth: Int) throws(EncodingFailure) -> [CBORValue] {
        var out: [CBORValue] = []
        if let declared = try argument(info) {
            let count = try length(declared)
            out.reserveCapacity(count)
            for _ in 0..<count { out.append(try item(depth: depth + 1)) }
            return out
        }
        while true {
            guard index < bytes.count else { throw EncodingFailure(.truncated, "CBOR array has no end") }
            if bytes[index] == 0xff {
                index += 1
                return out
            }
            out.append(try item(depth: depth + 1))
        }
    }

    private mutating func map(info: UInt8, depth: Int) throws(EncodingFailure) -> [CBORMapEntry] {
        var out: [CBORMapEntry] = []
        if let declared = try argument(info) {
            // Each entry needs at least two bytes.
            guard declared <= UInt64(remaining / 2) else {
                throw EncodingFailure(.truncated, "CBOR map of \(declared) entries exceeds the input")
            }
            let count = Int(declared)
            out.reserveCapacity(count)
            for _ in 0..<count {
                let key = try item(depth: depth + 1)
                out.append(CBORMapEntry(key, try item(depth: depth + 1)))
            }
            return out
        }
        while true {
            guard index < bytes.count else { throw EncodingFailure(.truncated, "CBOR map has no end") }
            if bytes[index] == 0xff {
                index += 1
                return out
            }
            let key = try item(depth: depth + 1)
            out.append(CBORMapEntry(key, try item(depth: depth + 1)))
        }
    }

    private mutating func simple(_ info: UInt8) throws(EncodingFailure) -> CBORValue {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 25:
            let raw = try take(2)
            return .float(Self.halfToDouble(UInt16(raw[raw.startIndex]) << 8 | UInt16(raw[raw.startIndex + 1])))
        case 26:
            var bits: UInt32 = 0
            for b in try take(4) { bits = bits << 8 | UInt32(b) }
            return .float(Double(Float(bitPattern: bits)))
        case 27:
            var bits: UInt64 = 0
            for b in try take(8) { bits = bits << 8 | UInt64(b) }
            return .float(Double(bitPattern: bits))
        case 31:
            throw EncodingFailure(.invalidCBOR, "unexpected CBOR break")
        default:
            throw EncodingFailure(.invalidCBOR, "unsupported CBOR simple value \(info)")
        }
    }

    private static func halfToDouble(_ half: UInt16) -> Double {
        let exponent = Int((half >> 10) & 0x1f)
        let mantissa = Double(half & 0x3ff)
        let sign: Double = half & 0x8000 == 0 ? 1 : -1
        switch exponent {
        case 0: return sign * mantissa * 0x1p-24
        case 31: return mantissa == 0 ? sign * .infinity : .nan
        default: return sign * (mantissa + 1024) * Double(sign: .plus, exponent: exponent - 25, significand: 1)
        }
    }
}
