// Tests of the SQLite row mapping's fast paths: stored DLEQ JSON read without JSONDecoder, mint URLs parsed once.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("SQLite row mapping")
struct SQLiteRowMappingTests {
    @Test func storedDLEQReadsBackExactlyThroughTheFastPath() throws {
        for _ in 0..<50 {
            let dleq = ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: Scalar.random())
            let stored = try StoredJSON.text(dleq, "dleq")
            #expect(stored.utf8.count == 214, "the stored form is the one the fast path reads")
            #expect(dleq.storedJSON == stored, "the direct writer writes what JSONEncoder writes")
            #expect(try ProofDLEQ(storedJSON: stored) == dleq)
        }
    }

    @Test func otherJSONSpellingsStillRead() throws {
        let dleq = ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: Scalar.random())
        let (e, s, r) = (dleq.e.exposedSecretHex, dleq.s.exposedSecretHex, dleq.r.exposedSecretHex)
        for text in [
            #"{"s":"\#(s)","e":"\#(e)","r":"\#(r)"}"#,
            #"{ "e": "\#(e)", "r": "\#(r)", "s": "\#(s)" }"#,
            #"{"e":"\#(e.uppercased())","r":"\#(r)","s":"\#(s)"}"#,
        ] {
            #expect(try ProofDLEQ(storedJSON: text) == dleq)
        }
    }

    @Test func malformedDLEQIsRefused() throws {
        let good = try StoredJSON.text(
            ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: Scalar.random()), "dleq")
        var badHex = Array(good.utf8)
        badHex[10] = UInt8(ascii: "z")
        let zero = String(repeating: "0", count: 64)
        for text in [
            "{", "", String(decoding: badHex, as: UTF8.self),
            #"{"e":"\#(zero)","r":"\#(zero)","s":"\#(zero)"}"#,
        ] {
            #expect(throws: (any Error).self) { try ProofDLEQ(storedJSON: text) }
        }
    }

    @Test func mintURLsAreParsedPerDistinctText() throws {
        let memo = MintURLMemo()
        let first = try memo.url("http://127.0.0.1:3338")
        #expect(try memo.url("http://127.0.0.1:3338") == first)
        #expect(try memo.url("https://mint.example.com") == MintURL("https://mint.example.com"))
        #expect(try memo.url("http://127.0.0.1:3338") == first)
        #expect(throws: (any Error).self) { try memo.url("ftp://nope") }
    }
}
