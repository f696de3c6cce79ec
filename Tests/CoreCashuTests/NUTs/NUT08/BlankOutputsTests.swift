// Tests for NUT-08 blank output counts at the extremes.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("BlankOutputs")
struct BlankOutputsTests {
    @Test func extremes() {
        #expect(BlankOutputs.count(forFeeReserve: 4) == 2)
        #expect(BlankOutputs.count(forFeeReserve: 5) == 3)
        #expect(BlankOutputs.count(forFeeReserve: 1 << 63) == 63)
        #expect(BlankOutputs.count(forFeeReserve: (1 << 63) + 1) == 64)
        #expect(BlankOutputs.count(forFeeReserve: .max) == 64)
    }

    @Test func changeNeedsNoMoreThanTheBlanks() throws {
        for reserve in [UInt64(1), 2, 3, 7, 1000, 1025, 123_456] {
            let n = BlankOutputs.count(forFeeReserve: reserve)
            // Any overpaid amount up to the reserve fits in n outputs.
            for overpaid in [reserve, reserve - 1, reserve / 2] {
                #expect(try BlankOutputs.changeAmounts(overpaid: overpaid, blankOutputs: n).count <= n)
            }
        }
    }
}
