// NUT-26 — Payment request bech32m encoding: tests of bech32/bech32m against BIP-173 and BIP-350's vectors.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Bech32")
struct Bech32Tests {
    /// BIP-173 §Test vectors, valid bech32 strings (the 90-character one included; no length limit applies).
    static let validBech32 = [
        "A12UEL5L",
        "a12uel5l",
        "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
        "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        "11" + String(repeating: "q", count: 82) + "c8247j",
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
        "?1ezyfcl",
    ]

    /// BIP-350 §Test vectors, valid bech32m strings.
    static let validBech32m = [
        "A1LQFN3A",
        "a1lqfn3a",
        "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
        "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
        "11" + String(repeating: "l", count: 83) + "udsr8",
        "split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
        "?1v759aa",
    ]

    /// BIP-173 and BIP-350 invalid strings with the reason each must fail, minus the "overall max length exceeded"
    /// ones that only break the 90-character rule (their 84-character `hrp` still fails here).
    static let invalid: [(String, EncodingFailure.Code)] = [
        ("\u{20}1nwldj5", .invalidBech32),  // HRP character out of range
        ("\u{7F}1axkwrx", .invalidBech32),
        ("\u{80}1eym55h", .invalidBech32),
        ("an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx", .invalidBech32),
        ("pzry9x0s0muk", .invalidBech32),  // no separator
        ("1pzry9x0s0muk", .invalidBech32),  // empty HRP
        ("x1b4n0q5v", .invalidBech32),  // invalid data character
        ("li1dgmt3", .invalidBech32),  // too short checksum
        ("de1lg7wt\u{FF}", .invalidBech32),  // invalid character in checksum
        ("A1G7SGD8", .bech32Checksum),  // checksum calculated with uppercase HRP
        ("10a06t8", .invalidBech32),  // empty HRP
        ("1qzzfhee", .invalidBech32),
        ("\u{20}1xj0phk", .invalidBech32),
        ("\u{7F}1g6xzxy", .invalidBech32),
        ("\u{80}1vctc34", .invalidBech32),
        ("an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4", .invalidBech32),
        ("qyrz8wqd2c9m", .invalidBech32),
        ("1qyrz8wqd2c9m", .invalidBech32),
        ("y1b0jsk6g", .invalidBech32),
        ("lt1igcx5c0", .invalidBech32),
        ("in1muywd", .invalidBech32),
        ("mm1crxm3i", .invalidBech32),
        ("au1s5cgom", .invalidBech32),
        ("M1VUXWEZ", .bech32Checksum),
        ("16plkw9", .invalidBech32),
        ("1p2gdwpf", .invalidBech32),
    ]

    @Test(arguments: validBech32)
    func validBech32Strings(_ s: String) throws {
        let decoded = try Bech32.decode(s)
        #expect(decoded.variant == .bech32)
        #expect(try Bech32.encode(hrp: decoded.hrp, data: decoded.data, variant: .bech32) == s.lowercased())
        // BIP-350: a bech32 string is not a bech32m one.
        #expect(throws: EncodingFailure.self) { try Bech32.decodeBytes(s, variant: .bech32m) }
    }

    @Test(arguments: validBech32m)
    func validBech32mStrings(_ s: String) throws {
        let decoded = try Bech32.decode(s)
        #expect(decoded.variant == .bech32m)
        #expect(try Bech32.encode(hrp: decoded.hrp, data: decoded.data, variant: .bech32m) == s.lowercased())
    }

    @Test(arguments: invalid.indices)
    func invalidStrings(_ i: Int) {
        let (s, code) = Self.invalid[i]
        #expect(throws: EncodingFailure.self) { try Bech32.decode(s) }
        do {
            _ = try Bech32.decode(s)
        } catch {
            #expect(error.code == code, "\(s.debugDescription): \(error)")
        }
    }

    @Test func mixedCaseRejected() {
        #expect(throws: EncodingFailure(.mixedCase, "bech32 string mixes upper and lower case")) {
            try Bech32.decode("A12uEL5L")
        }
    }

    @Test func bytesRoundTripPastNinetyCharacters() throws {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let s = try Bech32.encode(hrp: "creqb", bytes: bytes, variant: .bech32m)
        #expect(s.count > 90)
        let decoded = try Bech32.decodeBytes(s.uppercased(), variant: .bech32m)
        #expect(decoded.hrp == "creqb")
        #expect(decoded.bytes == bytes)
    }

    @Test func lengthLimit() throws {
        let long = "a1" + String(repeating: "q", count: Bech32.maximumLength)
        #expect(throws: EncodingFailure.self) { try Bech32.decode(long) }
        do { _ = try Bech32.decode(long) } catch { #expect(error.code == .limitExceeded) }
        #expect(throws: EncodingFailure.self) {
            try Bech32.encode(hrp: "a", data: [UInt8](repeating: 0, count: Bech32.maximumLength), variant: .bech32m)
        }
    }

    @Test func paddingRules() throws {
        // 5→8 without padding: at most 4 leftover bits, and they must be zero (BIP-173 convertbits).
        #expect(try Bech32.convertBits([0b11111, 0b11100], from: 5, to: 8, pad: false) == [0xff])
        #expect(throws: EncodingFailure.self) { try Bech32.convertBits([0b11111, 0b11101], from: 5, to: 8, pad: false) }
        #expect(throws: EncodingFailure.self) { try Bech32.convertBits([0, 0, 0], from: 5, to: 8, pad: false) }
        #expect(throws: EncodingFailure.self) { try Bech32.convertBits([32], from: 5, to: 8, pad: false) }
        #expect(try Bech32.convertBits([0xff], from: 8, to: 5, pad: true) == [0b11111, 0b11100])
    }

    @Test func encodeRejectsBadInput() {
        #expect(throws: EncodingFailure.self) { try Bech32.encode(hrp: "", data: [], variant: .bech32) }
        #expect(throws: EncodingFailure.self) { try Bech32.encode(hrp: "a b", data: [], variant: .bech32) }
        #expect(throws: EncodingFailure.self) { try Bech32.encode(hrp: "a", data: [32], variant: .bech32) }
    }
}
