// Tests for NUTs/NUT02/KeysetsResponse.swift: lenient decoding of the mint's keyset list.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("KeysetsResponse")
struct KeysetsResponseTests {
    @Test("keysets with ids of an unknown version are dropped and counted")
    func dropsUnreadable() throws {
        let json = """
            {"keysets":[{"id":"02aabbccddeeff00","unit":"sat","active":true},
            {"id":"00456a94ab4e1c46","unit":"sat","active":false,"input_fee_ppk":100},
            {"id":"9a","unit":"sat","active":true}, 7]}
            """
        let response = try JSONDecoder().decode(KeysetsResponse.self, from: Data(json.utf8))
        #expect(response.keysets.map(\.id.hex) == ["00456a94ab4e1c46"])
        #expect(response.droppedCount == 3)
    }
}
