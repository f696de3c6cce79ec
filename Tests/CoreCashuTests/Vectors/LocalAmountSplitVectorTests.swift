// Vectors/local-amount-split.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("local-amount-split vectors")
struct LocalAmountSplitVectorTests {
    static let file = VectorFile.load("local-amount-split")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        guard c.group == "split" || c.group == "target_split" else { throw c.fail("unknown group \(c.group)") }
        let denominations = c.input["denominations"].arrayValue?.compactMap(\.uint64Value) ?? AmountSplit.powersOfTwo
        let maximum = c.input["maximum_outputs"].int64Value.map(Int.init) ?? AmountSplit.defaultMaximumOutputs
        guard let amount = c.input["amount"].uint64Value else { throw c.fail("amount missing") }
        func amounts(_ key: String) -> [UInt64]? { c.expected[key].arrayValue?.compactMap(\.uint64Value) }
        if !c.valid {
            let code = KeysetError.Code(rawValue: try c.string(c.expected["error"], "error"))
            try c.expectError(KeysetError.self, "split", matching: { $0.code == code }) {
                if let target = c.input["target"].uint64Value {
                    _ = try AmountSplit.split(total: amount, target: target, denominations: denominations,
                        maximumOutputs: maximum)
                } else {
                    _ = try AmountSplit.split(amount, denominations: denominations, maximumOutputs: maximum)
                }
            }
            return
        }
        if let target = c.input["target"].uint64Value {
            let result = try AmountSplit.split(total: amount, target: target, denominations: denominations,
                maximumOutputs: maximum)
            try c.expectEqual(result.send, amounts("send") ?? [], "send")
            try c.expectEqual(result.change, amounts("change") ?? [], "change")
        } else {
            let result = try AmountSplit.split(amount, denominations: denominations, maximumOutputs: maximum)
            try c.expectEqual(result, amounts("amounts") ?? [], "amounts")
            try c.expectEqual(try AmountSplit.sum(result), amount, "sum")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
