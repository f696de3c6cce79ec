// Tests of Wallet/Selection/ProofSelector+Store.swift: selecting inside a store transaction from its counts loads
// proofs of the same keysets and amounts as selecting over every unspent proof, on every backend.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("ProofSelector in a store")
struct ProofSelectorStoreTests {
    typealias F = StoreFixtures

    static func buckets(_ proofs: [StoredProof]) -> [String: Int] {
        proofs.reduce(into: [:]) { $0["\($1.proof.id.hex)/\($1.amount)", default: 0] += 1 }
    }

    /// Three keysets (two inactive, with different fees, whose proofs interleave in time), proofs of other mints,
    /// units and statuses around: for many amounts, the store's selection matches the one over all proofs, and the
    /// proofs it loads are unspent ones of the mint and unit, the oldest of their keyset and amount.
    @Test(arguments: StoreFactory.all)
    func storeSelectionMatchesSelectionOverAllProofs(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        var rng = SplitMix64(seed: 11)
        let keysets = [F.keysetA, F.keysetB, F.keysetV2]
        let proofs = try (0..<300).map { index in
            try F.proof(
                amount: 1 << (rng.next() % 9), mint: index % 13 == 0 ? F.mintB : F.mintA,
                unit: index % 17 == 0 ? "usd" : .sat, keyset: keysets[Int(rng.next() % 3)],
                status: index % 19 == 0 ? .reserved : .unspent, createdAt: F.at(Double(rng.next() % 50)))
        }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        let held = try await store.read { tx in try tx.proofs(mintURL: F.mintA, unit: .sat, statuses: [.unspent]) }
        let total = held.reduce(0) { $0 + $1.amount }
        for (fees, limit) in [([UInt64(0), 0, 0], 1000), ([100, 1000, 250], 1000), ([0, 2000, 999], 12)] {
            let selector = ProofSelector(
                feePPK: Dictionary(uniqueKeysWithValues: zip(keysets, fees)),
                inactiveKeysets: [F.keysetB, F.keysetV2], maxInputs: limit)
            for _ in 0..<40 {
                let amount = rng.next() % (total + 10)
                let expected = try selector.select(held, atLeast: amount)
                let found = try await store.read { tx in
                    try selector.select(in: tx, mint: F.mintA, unit: .sat, atLeast: amount)
                }
                #expect(expected.map { Self.buckets($0.proofs) } == found.map { Self.buckets($0.proofs) })
                #expect(expected?.fee == found?.fee && expected?.total == found?.total)
                if let found {
                    #expect(found.total == found.proofs.reduce(0) { $0 + $1.amount })
                    for proof in found.proofs {
                        let sameBucket = held.filter { $0.proof.id == proof.proof.id && $0.amount == proof.amount }
                        let taken = found.proofs.filter { $0.proof.id == proof.proof.id && $0.amount == proof.amount }
                        #expect(Set(sameBucket.prefix(taken.count)) == Set(taken))
                    }
                }
                let exact = try selector.selectExact(held, amount: amount, includingFee: true)
                let exactFound = try await store.read { tx in
                    try selector.selectExact(in: tx, mint: F.mintA, unit: .sat, amount: amount, includingFee: true)
                }
                #expect(exact.map { Self.buckets($0.proofs) } == exactFound.map { Self.buckets($0.proofs) })
            }
        }
    }
}
