// Tests of Wallet/Selection/ProofSelector.swift: fee-aware selection, inactive keysets first, exact subsets.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("ProofSelector")
struct ProofSelectorTests {
    static let active = try! KeysetID(hex: "01" + String(repeating: "ab", count: 32))
    static let inactive = try! KeysetID(hex: "01" + String(repeating: "cd", count: 32))
    static let mint = try! MintURL("http://127.0.0.1:3338")

    static func proof(_ amount: UInt64, keyset: KeysetID = active, age: TimeInterval = 0) -> StoredProof {
        let point = Scalar.random().publicKey
        return StoredProof(
            proof: Proof(amount: amount, id: keyset, secret: UUID().uuidString, C: point),
            Y: CompressedPoint(Scalar.random().publicKey), mintURL: mint, unit: .sat, status: .unspent,
            operationID: nil, createdAt: Date(timeIntervalSince1970: 1_000_000 + age))
    }

    func selector(ppk: UInt64 = 0, maxInputs: Int = 1000) -> ProofSelector {
        ProofSelector(
            feePPK: [Self.active: ppk, Self.inactive: ppk], inactiveKeysets: [Self.inactive], maxInputs: maxInputs)
    }

    @Test func coversAmountWithoutFees() throws {
        let proofs = [1, 2, 4, 8, 16, 32, 64].map { Self.proof(UInt64($0)) }
        let selection = try #require(try selector().select(proofs, atLeast: 13))
        #expect(selection.total == 13)
        #expect(selection.fee == 0)
        #expect(selection.proofs.map(\.amount).sorted() == [1, 4, 8])
    }

    @Test func addsSmallestCoveringProofWhenGreedyFallsShort() throws {
        let proofs = [64, 8, 2].map { Self.proof(UInt64($0)) }
        let selection = try #require(try selector().select(proofs, atLeast: 20))
        // 8 + 2 = 10 < 20: the 64 covers it alone and the small ones drop out.
        #expect(selection.proofs.map(\.amount) == [64])
        #expect(selection.total == 64)
    }

    @Test func includesTheInputFee() throws {
        // 100 ppk: 1–10 inputs cost 1 sat.
        let proofs = [8, 4, 2, 1, 1].map { Self.proof(UInt64($0)) }
        let selection = try #require(try selector(ppk: 100).select(proofs, atLeast: 14))
        #expect(selection.fee == 1)
        #expect(selection.total >= 15)
    }

    @Test func refusesWhenFundsDoNotCoverFees() throws {
        let proofs = [8, 4, 2].map { Self.proof(UInt64($0)) }
        #expect(try selector(ppk: 100).select(proofs, atLeast: 14) == nil)
        #expect(try selector().select(proofs, atLeast: 15) == nil)
    }

    @Test func prefersInactiveKeysetsAtEqualAmounts() throws {
        let proofs = [Self.proof(8), Self.proof(8, keyset: Self.inactive)]
        let selection = try #require(try selector().select(proofs, atLeast: 8))
        #expect(selection.proofs.map(\.proof.id) == [Self.inactive])
    }

    @Test func respectsTheInputLimit() throws {
        let proofs = (0..<20).map { _ in Self.proof(1) }
        #expect(try selector(maxInputs: 10).select(proofs, atLeast: 15) == nil)
        #expect(try selector(maxInputs: 20).select(proofs, atLeast: 15) != nil)
    }

    @Test func exactSubsetOrNil() throws {
        let proofs = [16, 8, 4, 1].map { Self.proof(UInt64($0)) }
        #expect(try selector().selectExact(proofs, amount: 13, includingFee: false)?.total == 13)
        #expect(try selector().selectExact(proofs, amount: 2, includingFee: false) == nil)
    }

    @Test func exactIncludingFeeReachesTheFixedPoint() throws {
        let proofs = [16, 8, 4, 2, 1].map { Self.proof(UInt64($0)) }
        let selection = try #require(try selector(ppk: 100).selectExact(proofs, amount: 12, includingFee: true))
        #expect(selection.fee == 1)
        #expect(selection.total == 13)
    }

    @Test func largeWalletSelectsQuickly() throws {
        let proofs = (0..<2000).map { Self.proof(UInt64(1) << UInt64($0 % 10)) }
        let selection = try #require(try selector(ppk: 100).select(proofs, atLeast: 1000))
        #expect(selection.total >= 1000 + selection.fee)
        #expect(selection.proofs.count < 30)
    }
}
