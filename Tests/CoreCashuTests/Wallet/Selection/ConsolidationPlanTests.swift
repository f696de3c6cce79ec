// Tests of Wallet/Selection/ConsolidationPlan.swift: which proofs to merge when a payment needs more inputs than one
// request may carry.

import Testing

@testable import CashuEngine
import CoreCashu

@Suite("ConsolidationPlan")
struct ConsolidationPlanTests {
    private typealias F = ProofSelectorTests

    /// Powers of two up to 2^20, as a keyset signs them.
    private static let planner = DenominationPlanner(
        denominations: (0..<21).map { UInt64(1) << $0 }, target: 3, maxOutputs: 1000)

    private static func plan(
        _ candidates: [StoredProof], covering amount: UInt64, selector: ProofSelector,
        planner: DenominationPlanner = planner
    ) throws -> [StoredProof]? {
        try ConsolidationPlan.nextBatch(candidates, covering: amount, selector: selector, planner: planner)
    }

    private func selector(ppk: UInt64 = 0, maxInputs: Int) -> ProofSelector {
        ProofSelector(feePPK: [F.active: ppk, F.inactive: ppk], inactiveKeysets: [], maxInputs: maxInputs)
    }

    @Test("a selection that fits needs no merge")
    func fits() throws {
        let proofs = [8, 4, 1, 1, 1].map { F.proof(UInt64($0)) }
        #expect(try Self.plan(proofs, covering: 12, selector: selector(maxInputs: 4)) == nil)
    }

    @Test("too many small proofs: the smallest, a request's worth, are merged")
    func mergesSmallest() throws {
        let proofs = [16, 2, 1, 1, 1, 1, 1, 1].map { F.proof(UInt64($0)) }
        let batch = try #require(
            try Self.plan(proofs, covering: 22, selector: selector(maxInputs: 4)))
        #expect(batch.map(\.amount) == [1, 1, 1, 1])
    }

    @Test("not enough in the wallet at all: nothing merged (the payment fails as it would)")
    func notEnough() throws {
        let proofs = Array(repeating: 1, count: 10).map { F.proof(UInt64($0)) }
        #expect(try Self.plan(proofs, covering: 11, selector: selector(maxInputs: 4)) == nil)
    }

    @Test("a merge that would not leave fewer proofs is not made")
    func noProgress() throws {
        // 1 + 2 = 3 is two proofs again; the payment of 4 cannot fit two inputs.
        let proofs = [2, 1, 1].map { F.proof(UInt64($0)) }
        #expect(try Self.plan(proofs, covering: 4, selector: selector(maxInputs: 2)) != nil)
        let stuck = [2, 1].map { F.proof(UInt64($0)) }
        #expect(try Self.plan(stuck, covering: 3, selector: selector(maxInputs: 1)) == nil)
    }

    @Test("fees count: a batch worth no more than its fee is not merged")
    func fees() throws {
        let proofs = Array(repeating: 1, count: 8).map { F.proof(UInt64($0)) }
        // Four inputs at 1000 ppk cost 4: merging four 1-sat proofs would leave nothing.
        let pricey = selector(ppk: 1000, maxInputs: 4)
        #expect(try Self.plan(proofs, covering: 2, selector: pricey) == nil)
    }

    @Test("a keyset whose largest denomination is small: merging stops when it would not leave fewer proofs")
    func smallDenominations() throws {
        let small = DenominationPlanner(denominations: [1, 2], target: 3, maxOutputs: 1000)
        let ones = Array(repeating: 1, count: 8).map { F.proof(UInt64($0)) }
        let batch = try #require(try Self.plan(ones, covering: 7, selector: selector(maxInputs: 4), planner: small))
        #expect(batch.count == 4)
        let twos = Array(repeating: 2, count: 6).map { F.proof(UInt64($0)) }
        #expect(try Self.plan(twos, covering: 10, selector: selector(maxInputs: 4), planner: small) == nil)
    }
}
