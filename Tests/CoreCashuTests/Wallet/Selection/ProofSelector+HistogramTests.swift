// Tests of Wallet/Selection/ProofSelector+Histogram.swift and ProofHistogram: selecting over counts chooses the same
// keysets and amounts as selecting over the proofs — fees, inactive keysets, input limits, exact sums, overflow.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("ProofSelector over counts")
struct ProofSelectorHistogramTests {
    static let mint = try! MintURL("http://127.0.0.1:3338")
    static let keysets = (1...4).map { try! KeysetID(hex: "01" + String(repeating: "0\($0)", count: 32)) }

    static func proof(_ amount: UInt64, keyset: KeysetID, at time: TimeInterval) -> StoredProof {
        StoredProof(
            proof: Proof(amount: amount, id: keyset, secret: UUID().uuidString, C: Scalar.random().publicKey),
            Y: CompressedPoint(Scalar.random().publicKey), mintURL: mint, unit: .sat, status: .unspent,
            operationID: nil, createdAt: Date(timeIntervalSince1970: 1_000_000 + time))
    }

    /// A multiset of (keyset, amount), comparable.
    static func buckets(_ proofs: [StoredProof]) -> [String: Int] {
        proofs.reduce(into: [:]) { $0["\($1.proof.id.hex)/\($1.amount)", default: 0] += 1 }
    }

    static func buckets(_ buckets: [ProofBucket]) -> [String: Int] {
        buckets.reduce(into: [:]) { $0["\($1.keysetID.hex)/\($1.amount)", default: 0] += $1.count }
    }

    /// A random wallet: up to four keysets with varied fees (one may be unknown to the fee table), some inactive,
    /// proofs of mostly power-of-two amounts (now and then 0 or an odd amount) at times that often tie.
    struct RandomWallet {
        var selector: ProofSelector
        var proofs: [StoredProof]
        var total: UInt64

        init(_ rng: inout SplitMix64) {
            let used = Array(ProofSelectorHistogramTests.keysets.prefix(Int(rng.next() % 4) + 1))
            let fees: [UInt64] = [0, 0, 100, 250, 999, 1000, 2500]
            var feePPK: [KeysetID: UInt64] = [:]
            for id in used where rng.next() % 5 != 0 { feePPK[id] = fees[Int(rng.next() % UInt64(fees.count))] }
            let inactive = Set(used.filter { _ in rng.next() % 2 == 0 })
            let limits = [1, 2, 3, 5, 10, 1000]
            selector = ProofSelector(
                feePPK: feePPK, inactiveKeysets: inactive, maxInputs: limits[Int(rng.next() % UInt64(limits.count))])
            proofs = (0..<Int(rng.next() % 40)).map { _ in
                let amount: UInt64 =
                    switch rng.next() % 20 {
                    case 0: 0
                    case 1: rng.next() % 50
                    default: 1 << (rng.next() % 8)
                    }
                return ProofSelectorHistogramTests.proof(
                    amount, keyset: used[Int(rng.next() % UInt64(used.count))], at: TimeInterval(rng.next() % 6))
            }
            total = proofs.reduce(0) { $0 + $1.amount }
        }
    }

    /// Over thousands of random wallets and amounts, `select` and `selectExact` over counts pick the same multiset
    /// of keyset and amount as over the proofs, with the same total and fee, and fail where they fail.
    @Test func countsChooseWhatProofsChoose() throws {
        var rng = SplitMix64(seed: 17)
        var compared = (cover: 0, exact: 0)
        for _ in 0..<4_000 {
            let wallet = RandomWallet(&rng)
            let histogram = ProofHistogram(wallet.proofs, inactive: wallet.selector.inactiveKeysets)
            let amount = rng.next() % (wallet.total + 20)
            let overProofs = try wallet.selector.select(wallet.proofs, atLeast: amount)
            let overCounts = try wallet.selector.select(histogram, atLeast: amount)
            #expect(overProofs.map { Self.buckets($0.proofs) } == overCounts.map { Self.buckets($0.buckets) })
            #expect(overProofs?.total == overCounts?.total && overProofs?.fee == overCounts?.fee)
            if overProofs != nil { compared.cover += 1 }
            for includingFee in [false, true] {
                let exactProofs = try wallet.selector.selectExact(
                    wallet.proofs, amount: amount, includingFee: includingFee)
                let exactCounts = try wallet.selector.selectExact(histogram, amount: amount, includingFee: includingFee)
                #expect(exactProofs.map { Self.buckets($0.proofs) } == exactCounts.map { Self.buckets($0.buckets) })
                #expect(exactProofs?.total == exactCounts?.total && exactProofs?.fee == exactCounts?.fee)
                if exactProofs != nil { compared.exact += 1 }
            }
        }
        // The property was exercised on successful selections, not only on failures.
        #expect(compared.cover > 1_000 && compared.exact > 500, "\(compared)")
    }

    /// Built from a store's counts, the histogram equals the one built from the proofs; the proofs' order is asked
    /// for only where several inactive, or several active, keysets hold one amount.
    @Test func countsAndOrderRebuildTheHistogram() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let wallet = RandomWallet(&rng)
            let inactive = wallet.selector.inactiveKeysets
            let ordered = wallet.proofs.enumerated().sorted {
                ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset)
            }.map(\.element)
            var counts: [String: ProofBucket] = [:]
            for proof in wallet.proofs {
                counts["\(proof.proof.id.hex)/\(proof.amount)", default: ProofBucket(
                    keysetID: proof.proof.id, amount: proof.amount, count: 0)].count += 1
            }
            var asked: [(UInt64, Set<KeysetID>)] = []
            let built = ProofHistogram(buckets: Array(counts.values), inactive: inactive) { amount, keysetIDs in
                asked.append((amount, keysetIDs))
                return ordered.filter { $0.amount == amount && keysetIDs.contains($0.proof.id) }.map(\.proof.id)
            }
            #expect(built == ProofHistogram(wallet.proofs, inactive: inactive))
            for (amount, keysetIDs) in asked {
                #expect(keysetIDs.count > 1 && amount > 0)
                #expect(keysetIDs.allSatisfy(inactive.contains) || !keysetIDs.contains(where: inactive.contains))
            }
        }
    }

    @Test func inactiveKeysetsFirstThenOldest() throws {
        let (a, b, c) = (Self.keysets[0], Self.keysets[1], Self.keysets[2])
        let proofs = [
            Self.proof(8, keyset: a, at: 0), Self.proof(8, keyset: b, at: 1), Self.proof(8, keyset: c, at: 2),
            Self.proof(8, keyset: b, at: 3), Self.proof(8, keyset: a, at: 4),
        ]
        let histogram = ProofHistogram(proofs, inactive: [b, c])
        #expect(histogram.groups.map(\.amount) == [8])
        #expect(
            histogram.groups[0].runs == [
                .init(keysetID: b, count: 1), .init(keysetID: c, count: 1), .init(keysetID: b, count: 1),
                .init(keysetID: a, count: 2),
            ])
        let selector = ProofSelector(feePPK: [a: 0, b: 1000, c: 0], inactiveKeysets: [b, c], maxInputs: 10)
        // 16 from b's and c's oldest; their 1 sat fee makes 17, so the last proof of the amount (a's newest) closes
        // the gap and none drops out.
        let choice = try #require(try selector.select(histogram, atLeast: 16))
        #expect(Self.buckets(choice.buckets) == ["\(b.hex)/8": 1, "\(c.hex)/8": 1, "\(a.hex)/8": 1])
        #expect(choice.total == 24 && choice.fee == 1)
        let exact = try #require(try selector.selectExact(histogram, amount: 24, includingFee: false))
        #expect(Self.buckets(exact.buckets) == ["\(b.hex)/8": 2, "\(c.hex)/8": 1])
        #expect(exact.fee == 2)
    }

    @Test func theInputLimitHolds() throws {
        let id = Self.keysets[0]
        let histogram = ProofHistogram((0..<20).map { _ in Self.proof(1, keyset: id, at: 0) }, inactive: [])
        let limited = ProofSelector(feePPK: [:], inactiveKeysets: [], maxInputs: 10)
        #expect(try limited.select(histogram, atLeast: 15) == nil)
        #expect(try limited.selectExact(histogram, amount: 11, includingFee: false) == nil)
        #expect(try limited.selectExact(histogram, amount: 10, includingFee: false)?.count == 10)
        let wide = ProofSelector(feePPK: [:], inactiveKeysets: [], maxInputs: 20)
        #expect(try wide.select(histogram, atLeast: 15)?.count == 15)
    }

    /// Amounts and fees that pass `UInt64.max` are refused with an error, never wrapped.
    @Test func overflowIsAnError() throws {
        let id = Self.keysets[0]
        let huge = ProofHistogram(
            [Self.proof(1 << 63, keyset: id, at: 0), Self.proof(1 << 63, keyset: id, at: 1)], inactive: [])
        let selector = ProofSelector(feePPK: [:], inactiveKeysets: [], maxInputs: 10)
        #expect(throws: WalletError.self) { try selector.select(huge, atLeast: (1 << 63) + 1) }
        let costly = ProofSelector(feePPK: [id: .max], inactiveKeysets: [], maxInputs: 10)
        let two = ProofHistogram([Self.proof(1, keyset: id, at: 0), Self.proof(1, keyset: id, at: 1)], inactive: [])
        #expect(throws: WalletError.self) { try costly.select(two, atLeast: 2) }
        #expect(throws: WalletError.self) { try costly.fee(of: [ProofBucket(keysetID: id, amount: 1, count: 2)]) }
        // A single proof's fee of UInt64.max ppk does fit.
        #expect(try costly.fee(of: [ProofBucket(keysetID: id, amount: 1, count: 1)]) == UInt64.max / 1000 + 1)
    }

    @Test func zeroAmountsAreNeverChosen() throws {
        let id = Self.keysets[0]
        let proofs = [
            Self.proof(0, keyset: id, at: 0), Self.proof(4, keyset: id, at: 0), Self.proof(0, keyset: id, at: 1),
        ]
        let histogram = ProofHistogram(proofs, inactive: [])
        #expect(histogram.groups.map(\.amount) == [4])
        let selector = ProofSelector(feePPK: [:], inactiveKeysets: [], maxInputs: 10)
        #expect(try selector.select(histogram, atLeast: 3)?.buckets == [ProofBucket(keysetID: id, amount: 4, count: 1)])
        #expect(try selector.selectExact(histogram, amount: 0, includingFee: true)?.buckets == [])
    }
}
