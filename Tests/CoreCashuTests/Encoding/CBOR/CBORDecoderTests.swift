// Tests for Encoding/CBOR/CBORDecoder.swift and CBOREncoder.swift: RFC 8949 Appendix A examples and hostile input.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("CBOR")
struct CBORDecoderTests {
    /// (hex, value, re-encodes byte-exactly)
    static let rfcExamples: [(String, CBORValue, Bool)] = [
        ("00", .unsigned(0), true),
        ("17", .unsigned(23), true),
        ("1818", .unsigned(24), true),
        ("1903e8", .unsigned(1000), true),
        ("1a000f4240", .unsigned(1_000_000), true),
        ("1b000000e8d4a51000", .unsigned(1_000_000_000_000), true),
        ("1bffffffffffffffff", .unsigned(UInt64.max), true),
        ("20", .negative(0), true),
        ("3903e7", .negative(999), true),
        ("f4", .bool(false), true),
        ("f5", .bool(true), true),
        ("f6", .null, true),
        ("f7", .undefined, true),
        ("f93c00", .float(1.0), false),
        ("f97bff", .float(65504.0), false),
        ("fa47c35000", .float(100000.0), false),
        ("fb3ff199999999999a", .float(1.1), true),
        ("40", .bytes([]), true),
        ("4401020304", .bytes([1, 2, 3, 4]), true),
        ("60", .text(""), true),
        ("6449455446", .text("IETF"), true),
        ("62c3bc", .text("ü"), true),
        ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)]), true),
        (
            "a201020304",
            .map([CBORMapEntry(.unsigned(1), .unsigned(2)), CBORMapEntry(.unsigned(3), .unsigned(4))]),
            true
        ),
        ("c074323031332d30332d32315432303a30343a30305a", .text("2013-03-21T20:04:00Z"), false),
        ("5f42010243030405ff", .bytes([1, 2, 3, 4, 5]), false),
        ("7f657374726561646d696e67ff", .text("streaming"), false),
        (
            "9f018202039f0405ffff",
            .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4), .unsigned(5)])]),
            false
        ),
        (
            "bf61610161629f0203ffff",
            .map([CBORMapEntry("a", .unsigned(1)), CBORMapEntry("b", .array([.unsigned(2), .unsigned(3)]))]),
            false
        ),
    ]

    @Test("RFC 8949 Appendix A examples", arguments: rfcExamples.indices)
    func rfcExample(_ i: Int) throws {
        let (hex, expected, roundTrips) = Self.rfcExamples[i]
        let decoded = try CBORDecoder.decode(try Hex.decode(hex))
        #expect(decoded == expected)
        if roundTrips {
            #expect(Hex.encode(CBOREncoder.encode(decoded)) == hex)
        }
    }

    static let hostile: [(String, EncodingFailure.Code)] = [
        ("", .truncated),
        ("18", .truncated),
        ("5a7fffffff", .truncated),  // a 2 GiB byte string announced in 5 bytes
        ("9b7fffffffffffffff", .truncated),  // an array of 2^63 items
        ("bb7fffffffffffffff", .truncated),
        ("9f01", .truncated),  // indefinite array with no break
        ("0000", .invalidCBOR),  // trailing bytes
        ("1c", .invalidCBOR),  // reserved additional information
        ("ff", .invalidCBOR),  // lone break
        ("62c328", .invalidCBOR),  // invalid UTF-8
        ("5f6161ff", .invalidCBOR),  // text chunk inside a byte string
        ("f8ff", .invalidCBOR),  // unsupported simple value
        ("1f", .invalidCBOR),  // indefinite integer
    ]

    @Test("hostile input gets a typed error", arguments: hostile.indices)
    func hostileInput(_ i: Int) throws {
        let (hex, code) = Self.hostile[i]
        #expect(throws: EncodingFailure.self) { try CBORDecoder.decode(try Hex.decode(hex)) }
        do {
            _ = try CBORDecoder.decode(try Hex.parse(hex))
        } catch {
            #expect(error.code == code, "\(hex): \(error)")
        }
    }

    @Test("nesting is bounded")
    func deepNesting() {
        let bytes = [UInt8](repeating: 0x81, count: 10_000) + [0x00]
        #expect(throws: EncodingFailure(.limitExceeded, "CBOR nesting deeper than 32")) {
            try CBORDecoder.decode(bytes)
        }
    }

    @Test("undefined reads as absent through the map subscript")
    func undefinedIsAbsent() throws {
        let value = CBORValue.map([CBORMapEntry("g", .undefined), CBORMapEntry("a", .text("x"))])
        #expect(value["g"] == nil)
        #expect(value["a"]?.textValue == "x")
    }
}
