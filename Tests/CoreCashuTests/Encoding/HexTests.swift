// Tests for Encoding/Hex.swift.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Hex")
struct HexTests {
    @Test func roundTrip() throws {
        let bytes: [UInt8] = Array(0...255)
        let hex = Hex.encode(bytes)
        #expect(hex.count == 512)
        #expect(hex == hex.lowercased())
        #expect(try Hex.decode(hex) == bytes)
        #expect(try Hex.decode(hex.uppercased()) == bytes)
    }

    @Test("bad input", arguments: ["0", "0g", "zz", "0 ", "é1"])
    func bad(_ input: String) {
        #expect(throws: EncodingFailure.self) { try Hex.decode(input) }
    }

    @Test func exactLength() {
        #expect(throws: EncodingFailure.self) { try Hex.decode("00", count: 2) }
    }
}
