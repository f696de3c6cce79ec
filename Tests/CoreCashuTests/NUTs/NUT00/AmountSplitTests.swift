// Tests for NUT-00 amount splitting beyond the local vectors.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("AmountSplit")
struct AmountSplitTests {
    @Test(arguments: [UInt64(0), 1, 2, 3, 255, 256, 1_000_000, 1 << 63, .max])
    func powerOfTwoSplitSumsAndIsAscending(_ amount: UInt64) throws {
        let parts = try AmountSplit.split(amount)
        #expect(try AmountSplit.sum(parts) == amount)
        #expect(parts == parts.sorted())
        #expect(parts.count == amount.nonzeroBitCount)
    }

    @Test func negativeCapIsHandled() throws {
        #expect(throws: KeysetError.self) { _ = try AmountSplit.split(1, maximumOutputs: -1) }
        #expect(try AmountSplit.split(0, maximumOutputs: -1) == [])
    }

    @Test func zeroAndDuplicateDenominationsIgnored() throws {
        #expect(try AmountSplit.split(6, denominations: [0, 2, 2, 4]) == [2, 4])
    }

    @Test func sumOverflowIsTyped() {
        #expect(throws: KeysetError.self) { _ = try AmountSplit.sum([.max, 1]) }
    }
}
