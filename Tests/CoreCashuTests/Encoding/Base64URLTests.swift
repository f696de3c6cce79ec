// Tests for Encoding/Base64URL.swift: RFC 4648 vectors, padding tolerance and bad input.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Base64URL")
struct Base64URLTests {
    static let rfc4648: [(String, String)] = [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test("RFC 4648 test vectors, padded and unpadded", arguments: rfc4648.indices)
    func vectors(_ i: Int) throws {
        let (plain, encoded) = Self.rfc4648[i]
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(try Base64URL.decode(encoded) == Array(plain.utf8))
        let padded = encoded + String(repeating: "=", count: (4 - encoded.count % 4) % 4)
        #expect(Base64URL.encode(Array(plain.utf8), padded: true) == padded)
        #expect(try Base64URL.decode(padded) == Array(plain.utf8))
    }

    @Test("url-safe and standard alphabets both decode")
    func alphabets() throws {
        #expect(try Base64URL.decode("-_8") == [0xfb, 0xff])
        #expect(try Base64URL.decode("+/8") == [0xfb, 0xff])
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
    }

    @Test("bad input", arguments: ["A", "Zg===", "Z=g=", "Zh", "Zm9v!", "Zg=", "é"])
    func bad(_ input: String) {
        #expect(throws: EncodingFailure.self) { try Base64URL.decode(input) }
    }
}
