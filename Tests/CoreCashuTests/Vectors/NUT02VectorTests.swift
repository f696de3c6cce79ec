// Vectors/nut02.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut02 vectors")
struct NUT02VectorTests {
    static let file = VectorFile.load("nut02")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "keyset_id_v1" where c.valid:
            let keys = try KeysetKeys(hexKeys: try NUTVectorHelpers.keyMap(c.input["keys"], c))
            try c.expectEqual(try KeysetID.v1(keys: keys).hex, try c.string(c.expected["id"], "id"), "v1 id")
            let keyset = MintKeyset(id: try KeysetID(hex: try c.string(c.expected["id"], "id")), unit: .sat, keys: keys)
            try keyset.verifyID()
        case "keyset_id_v1":
            // Derived negative case: sorting amounts as strings gives a different (wrong) id.
            guard let source = file.cases.first(where: { $0.id == "keyset_id_v1/2" }) else {
                throw c.fail("reference case keyset_id_v1/2 missing")
            }
            let keys = try KeysetKeys(hexKeys: try NUTVectorHelpers.keyMap(source.input["keys"], c))
            let id = try KeysetID.v1(keys: keys)
            try c.expectEqual(id.hex, try c.string(c.expected["correct_id"], "correct_id"), "numeric sort id")
            try c.expectTrue(id.hex != c.expected["id_must_not_be"].stringValue, "id equals the string-sorted id")
            let wrong = MintKeyset(
                id: try KeysetID(hex: try c.string(c.expected["id_must_not_be"], "id_must_not_be")), unit: .sat,
                keys: keys)
            try c.expectError(KeysetError.self, "string-sorted id", matching: { $0.code == .idMismatch }) {
                try wrong.verifyID()
            }
        case "keyset_id_v2":
            let keys = try KeysetKeys(hexKeys: try NUTVectorHelpers.keyMap(c.input["keys"], c))
            let unit = CurrencyUnit(rawValue: try c.string(c.input["unit"], "unit"))
            let fee = c.input["input_fee_ppk"].uint64Value
            let expiry = c.input["final_expiry"].uint64Value
            let id = try KeysetID.v2(keys: keys, unit: unit, inputFeePPK: fee, finalExpiry: expiry)
            let expected = try c.string(c.expected["id"], "id")
            try c.expectEqual(id.hex, expected, "v2 id")
            let keyset = MintKeyset(
                id: try KeysetID(hex: expected), unit: unit, inputFeePPK: fee, finalExpiry: expiry, keys: keys)
            try keyset.verifyID()
            var tampered = keyset
            tampered.unit = CurrencyUnit(rawValue: unit.rawValue + "x")
            try c.expectError(KeysetError.self, "tampered unit", matching: { $0.code == .idMismatch }) {
                try tampered.verifyID()
            }
        case "input_fees":
            guard let ppks = c.input["input_fee_ppk_per_input"].arrayValue?.compactMap(\.uint64Value) else {
                throw c.fail("input_fee_ppk_per_input missing")
            }
            try c.expectEqual(try InputFees.fee(ppkPerInput: ppks), c.expected["fee"].uint64Value ?? .max, "fee")
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
