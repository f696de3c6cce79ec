// Tests of Wallet/Outputs/DenominationPlanner.swift: exact splits and a spread of small denominations.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("DenominationPlanner")
struct DenominationPlannerTests {
    let planner = DenominationPlanner(
        denominations: (0..<20).map { UInt64(1) << UInt64($0) }, target: 3, maxOutputs: 1000)

    @Test func exactIsTheBinarySplitAscending() throws {
        #expect(try planner.exact(13) == [1, 4, 8])
        #expect(try planner.exact(0) == [])
    }

    @Test func splitTopsUpMissingDenominations() throws {
        let amounts = try planner.split(1000, holdings: [:])
        #expect(amounts.reduce(0, +) == 1000)
        #expect(amounts.filter { $0 == 1 }.count >= 3)
        #expect(amounts.filter { $0 == 2 }.count >= 3)
        #expect(amounts == amounts.sorted())
    }

    @Test func splitSkipsDenominationsAlreadyHeld() throws {
        let amounts = try planner.split(7, holdings: [1: 3, 2: 3, 4: 3])
        #expect(amounts == [1, 2, 4])
    }

    @Test func unrepresentableAmountsAreTypedErrors() throws {
        let odd = DenominationPlanner(denominations: [2, 4], target: 0, maxOutputs: 10)
        #expect(throws: WalletError.self) { try odd.exact(3) }
    }
}
