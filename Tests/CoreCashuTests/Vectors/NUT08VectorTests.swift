// Vectors/nut08.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut08 vectors")
struct NUT08VectorTests {
    static let file = VectorFile.load("nut08")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "blank_output_count":
            guard let reserve = c.input["fee_reserve"].uint64Value else { throw c.fail("fee_reserve missing") }
            try c.expectEqual(
                BlankOutputs.count(forFeeReserve: reserve), Int(c.expected["n_blank_outputs"].int64Value ?? -1),
                "blank outputs")
        case "change_decomposition":
            guard let overpaid = c.input["overpaid_fee"].uint64Value,
                let blanks = c.input["n_blank_outputs"].int64Value,
                let expected = c.expected["change_amounts"].arrayValue?.compactMap(\.uint64Value)
            else { throw c.fail("vector fields missing") }
            let change = try BlankOutputs.changeAmounts(overpaid: overpaid, blankOutputs: Int(blanks))
            try c.expectEqual(change, expected, "change amounts")
            try c.expectEqual(change.count, Int(c.expected["n_signatures_returned"].int64Value ?? -1), "signatures")
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
