// Tests for NUT-01 KeysetKeys: amount parsing and key validation beyond the vectors.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("KeysetKeys")
struct KeysetKeysTests {
    static let key = "02648eccfa4c026960966276fa5a4cae46ce0fd432211a4f449bf84f13aa5f8303"

    @Test(
        arguments: ["", "0", "01", "+1", "-1", "1.0", " 1", "0x10", "18446744073709551616", "99999999999999999999999"])
    func rejectsBadAmountKeys(_ amount: String) {
        #expect(throws: KeysetError.self) { _ = try KeysetKeys(hexKeys: [amount: Self.key]) }
    }

    @Test func acceptsLargestAmounts() throws {
        let keys = try KeysetKeys(hexKeys: ["9223372036854775808": Self.key, "18446744073709551615": Self.key])
        #expect(keys.amounts == [1 << 63, .max])
    }

    @Test func rejectsEmptyKeyset() {
        #expect(throws: KeysetError(.invalidKeyCount, "a keyset has 1 to 1024 keys, got 0")) {
            _ = try KeysetKeys(hexKeys: [:])
        }
    }

    @Test func rejectsNotOnCurveKey() {
        let bad = "02" + String(repeating: "00", count: 32)
        #expect(throws: KeysetError.self) { _ = try KeysetKeys(hexKeys: ["1": bad]) }
    }

    @Test func decodesKeysResponseLeniently() throws {
        let json = """
            {"keysets":[{"id":"00456a94ab4e1c46","unit":"sat","keys":{"1":"\(Self.key)"}}]}
            """
        let response = try JSONDecoder().decode(KeysResponse.self, from: Data(json.utf8))
        #expect(response.keysets[0].active == nil)
        #expect(response.keysets[0].inputFeePPK == nil)
        #expect(response.keysets[0].keys[1] != nil)
        let roundTrip = try JSONDecoder().decode(KeysResponse.self, from: JSONEncoder().encode(response))
        #expect(roundTrip == response)
    }

    @Test func keysetWithBadKeyIsATypedDecodingError() {
        let json = #"{"id":"00456a94ab4e1c46","unit":"sat","keys":{"1":"04aa"}}"#
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(MintKeyset.self, from: Data(json.utf8)) }
    }

    @Test("an unreadable keyset is dropped and counted; the others stay usable")
    func keysResponseDropsUnreadableKeysets() throws {
        let json = """
            {"keysets":[{"id":"00456a94ab4e1c46","unit":"sat","keys":{"1":"04aa"}},
            {"id":"I2yN+iRYfkzT","unit":"sat","keys":{"1":"\(Self.key)"}},
            {"id":"00456a94ab4e1c46","unit":"sat","keys":{"1":"\(Self.key)"}}]}
            """
        let response = try JSONDecoder().decode(KeysResponse.self, from: Data(json.utf8))
        #expect(response.keysets.count == 1)
        #expect(response.droppedCount == 2)
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(KeysResponse.self, from: Data("{}".utf8)) }
    }

    @Test func unknownUnitKeptAsIs() throws {
        let unit = try JSONDecoder().decode([CurrencyUnit].self, from: Data(#"["usdt","sat"]"#.utf8))
        #expect(unit == [CurrencyUnit(rawValue: "usdt"), .sat])
    }
}
