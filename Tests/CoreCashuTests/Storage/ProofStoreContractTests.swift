// Tests of Storage/ProofStore.swift against every backend: round trips, ordering, status moves and balances.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("ProofStore contract")
struct ProofStoreContractTests {
    typealias F = StoreFixtures

    static func all(_ store: any WalletStore) async throws -> [StoredProof] {
        try await store.read { tx in try tx.proofs(mintURL: nil, unit: nil, statuses: Set(ProofStatus.allCases)) }
    }

    @Test(arguments: StoreFactory.all)
    func everyFieldRoundTrips(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let full = try F.fullProof()
        let bare = try F.proof(amount: 1, mint: F.mintB, unit: "usd", status: .sent, createdAt: Date())
        let maxAmount = try F.proof(amount: .max, status: .pending, operationID: .random(), createdAt: F.at(-1))
        let atInt64Max = try F.proof(amount: UInt64(Int64.max), status: .spent)
        let unicode = try F.proof(amount: 2, secret: "ünïcødé 🥜 secret")
        let proofs = [full, bare, maxAmount, atInt64Max, unicode]
        await #expect(try store.write { tx in try tx.addProofs(proofs) } == proofs.count)

        let read = try await store.read { tx in try tx.proofs(Ys: proofs.map(\.Y)) }
        #expect(Set(read) == Set(proofs))
        let readFull = try #require(read.first { $0.Y == full.Y })
        #expect(readFull.proof.dleq == full.proof.dleq && readFull.proof.dleq != nil)
        #expect(readFull.proof.witness == full.proof.witness && readFull.proof.p2pkE == full.proof.p2pkE)
        #expect(readFull.amount == F.hugeAmount && readFull.proof.id == F.keysetV2)
        let readBare = try #require(read.first { $0.Y == bare.Y })
        #expect(readBare.proof.dleq == nil && readBare.proof.witness == nil && readBare.proof.p2pkE == nil)
        #expect(readBare.operationID == nil && readBare.createdAt == bare.createdAt)
        #expect(read.first { $0.Y == maxAmount.Y }?.amount == .max)
    }

    @Test(arguments: StoreFactory.all)
    func addProofsKeepsStoredYsAndCountsNewOnes(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let a = try F.proof(amount: 1)
        let b = try F.proof(amount: 2)
        #expect(try await store.write { tx in try tx.addProofs([]) } == 0)
        #expect(try await store.write { tx in try tx.addProofs([a, b]) } == 2)

        var changedB = b
        changedB.status = .spent
        changedB.proof.amount = 64
        let c = try F.proof(amount: 4)
        // `b` again (changed), `c` twice in one batch: only `c` is new, once.
        let changed = changedB
        #expect(try await store.write { tx in try tx.addProofs([changed, c, c]) } == 1)
        #expect(try await store.write { tx in try tx.addProofs([a, b, c]) } == 0)
        #expect(Set(try await Self.all(store)) == [a, b, c])
    }

    @Test(arguments: StoreFactory.all)
    func proofsFilterByMintUnitAndStatusOldestFirst(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        // Inserted out of time order; `tie1` and `tie2` share a time and must keep their insertion order.
        let late = try F.proof(amount: 1, createdAt: F.at(30))
        let tie1 = try F.proof(amount: 2, createdAt: F.at(10))
        let early = try F.proof(amount: 4, createdAt: F.at(0))
        let tie2 = try F.proof(amount: 8, createdAt: F.at(10))
        let reserved = try F.proof(amount: 16, status: .reserved, createdAt: F.at(5))
        let otherMint = try F.proof(amount: 32, mint: F.mintB, createdAt: F.at(1))
        let otherUnit = try F.proof(amount: 64, unit: "usd", createdAt: F.at(2))
        _ = try await store.write { tx in try tx.addProofs([late, tie1, early, tie2, reserved, otherMint, otherUnit]) }

        try await store.read { tx throws in
            #expect(try tx.proofs(mintURL: F.mintA, unit: .sat, statuses: [.unspent]) == [early, tie1, tie2, late])
            #expect(
                try tx.proofs(mintURL: F.mintA, unit: .sat, statuses: [.unspent, .reserved])
                    == [early, reserved, tie1, tie2, late])
            #expect(try tx.proofs(mintURL: F.mintA, unit: nil, statuses: [.unspent])
                == [early, otherUnit, tie1, tie2, late])
            #expect(try tx.proofs(mintURL: nil, unit: .sat, statuses: [.unspent])
                == [early, otherMint, tie1, tie2, late])
            #expect(try tx.proofs(mintURL: nil, unit: nil, statuses: [.reserved]) == [reserved])
            #expect(try tx.proofs(mintURL: F.mintB, unit: "usd", statuses: [.unspent]).isEmpty)
            #expect(try tx.proofs(mintURL: nil, unit: nil, statuses: [.spent, .sent, .pending]).isEmpty)
            // An empty set of statuses matches nothing (unlike `balances`).
            #expect(try tx.proofs(mintURL: nil, unit: nil, statuses: []).isEmpty)
        }
    }

    @Test(arguments: StoreFactory.all)
    func proofsOfAnOperationOldestFirst(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let op = OperationID.random()
        let second = try F.proof(amount: 1, status: .reserved, operationID: op, createdAt: F.at(2))
        let first = try F.proof(amount: 2, status: .pending, operationID: op, createdAt: F.at(1))
        let other = try F.proof(amount: 4, status: .reserved, operationID: .random())
        let free = try F.proof(amount: 8)
        _ = try await store.write { tx in try tx.addProofs([second, first, other, free]) }
        try await store.read { tx throws in
            #expect(try tx.proofs(operationID: op) == [first, second])
            #expect(try tx.proofs(operationID: .random()).isEmpty)
        }
    }

    @Test(arguments: StoreFactory.all)
    func proofsByYsSkipUnknownAndDuplicateYs(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        // More than one SQL chunk of Ys.
        let proofs = try (0..<1_200).map { try F.proof(amount: UInt64($0 % 7) + 1, createdAt: F.at(Double($0))) }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        let unknown = try F.proof().Y
        try await store.read { tx throws in
            #expect(try tx.proofs(Ys: []).isEmpty)
            #expect(try tx.proofs(Ys: [unknown]).isEmpty)
            let asked = proofs.map(\.Y) + proofs.prefix(10).map(\.Y) + [unknown]
            let found = try tx.proofs(Ys: asked)
            #expect(found.count == proofs.count)
            #expect(Set(found) == Set(proofs))
        }
    }

    @Test(arguments: StoreFactory.all)
    func setStatusMovesProofsAndRecordsTheOperation(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let proofs = try (0..<3).map { try F.proof(amount: 1 << UInt64($0)) }
        let untouched = try F.proof(amount: 8)
        _ = try await store.write { tx in try tx.addProofs(proofs + [untouched]) }
        let op = OperationID.random()
        try await store.write { tx in
            try tx.setStatus(.reserved, Ys: proofs.map(\.Y) + [proofs[0].Y], operationID: op)
        }
        try await store.read { tx throws in
            let held = try tx.proofs(operationID: op)
            #expect(held.map(\.Y) == proofs.map(\.Y))
            #expect(held.allSatisfy { $0.status == .reserved && $0.operationID == op })
            #expect(try tx.proofs(Ys: [untouched.Y]) == [untouched])
        }
        try await store.write { tx in try tx.setStatus(.unspent, Ys: [proofs[0].Y], operationID: nil) }
        try await store.write { tx in try tx.setStatus(.spent, Ys: [], operationID: op) }
        let released = try await #require(try store.read { tx in try tx.proofs(Ys: [proofs[0].Y]) }.first)
        #expect(released.status == .unspent && released.operationID == nil)
        await #expect(try store.read { tx in try tx.proofs(operationID: op) }.count == 2)
    }

    /// An unknown Y fails the whole call: a caller that catches the error and commits has changed nothing.
    @Test(arguments: StoreFactory.all)
    func setStatusWithAnUnknownYThrowsNotFoundAndChangesNothing(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let proofs = try (0..<3).map { try F.proof(amount: 1 << UInt64($0)) }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        let unknown = try F.proof().Y
        try await store.write { tx throws in
            expectStorageError(.notFound) {
                try tx.setStatus(.spent, Ys: [proofs[0].Y, unknown, proofs[1].Y], operationID: .random())
            }
        }
        await #expect(try Self.all(store).allSatisfy { $0.status == .unspent && $0.operationID == nil })
    }

    @Test(arguments: StoreFactory.all)
    func removeProofsDeletesOnlyThoseGiven(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let proofs = try (0..<4).map { try F.proof(amount: 1 << UInt64($0), createdAt: F.at(Double($0))) }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        let unknown = try F.proof().Y
        try await store.write { tx in try tx.removeProofs(Ys: [proofs[1].Y, unknown, proofs[3].Y, proofs[1].Y]) }
        try await store.write { tx in try tx.removeProofs(Ys: []) }
        await #expect(try Self.all(store) == [proofs[0], proofs[2]])
        // A removed proof can be added again.
        await #expect(try store.write { tx in try tx.addProofs([proofs[1]]) } == 1)
    }

    @Test(arguments: StoreFactory.all)
    func amountCountsPerDenomination(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        _ = try await store.write { tx throws in
            try tx.addProofs([
                F.proof(amount: 1), F.proof(amount: 1), F.proof(amount: 2), F.proof(amount: 4, status: .reserved),
                F.proof(amount: 8, mint: F.mintB), F.proof(amount: 16, unit: "usd"), F.proof(amount: F.hugeAmount),
            ])
        }
        try await store.read { tx throws in
            #expect(
                try tx.amountCounts(mintURL: F.mintA, unit: .sat, status: .unspent) == [1: 2, 2: 1, F.hugeAmount: 1])
            #expect(try tx.amountCounts(mintURL: F.mintA, unit: .sat, status: .reserved) == [4: 1])
            #expect(try tx.amountCounts(mintURL: F.mintB, unit: .sat, status: .unspent) == [8: 1])
            #expect(try tx.amountCounts(mintURL: F.mintB, unit: "usd", status: .unspent) == [:])
        }
    }

    /// Counts per keyset and amount follow every insert, status move and delete (what input selection reads).
    @Test(arguments: StoreFactory.all)
    func proofBucketsFollowTheProofs(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        var rng = SplitMix64(seed: 3)
        let keysets = [F.keysetA, F.keysetB, F.keysetV2]
        let amounts: [UInt64] = [1, 2, 8, UInt64(Int64.max), F.hugeAmount]
        let proofs = try (0..<150).map { index in
            try F.proof(
                amount: amounts[Int(rng.next() % 5)], mint: index % 7 == 0 ? F.mintB : F.mintA,
                unit: index % 11 == 0 ? "usd" : .sat, keyset: keysets[Int(rng.next() % 3)])
        }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        func expectCounted(_ sourceLocation: SourceLocation = #_sourceLocation) async throws {
            try await store.read { tx throws in
                for mint in [F.mintA, F.mintB] {
                    for unit: CurrencyUnit in [.sat, "usd"] {
                        for status in ProofStatus.allCases {
                            var expected: [String: Int] = [:]
                            for proof in try tx.proofs(mintURL: mint, unit: unit, statuses: [status]) {
                                expected["\(proof.proof.id.hex)/\(proof.amount)", default: 0] += 1
                            }
                            let buckets = try tx.proofBuckets(mintURL: mint, unit: unit, status: status)
                            var counted: [String: Int] = [:]
                            for bucket in buckets { counted["\(bucket.keysetID.hex)/\(bucket.amount)"] = bucket.count }
                            #expect(buckets.count == counted.count, sourceLocation: sourceLocation)
                            #expect(counted == expected, sourceLocation: sourceLocation)
                        }
                    }
                }
            }
        }
        try await expectCounted()
        for round in 0..<6 {
            let chosen = proofs.filter { _ in rng.next() % 3 == 0 }.map(\.Y)
            let status = ProofStatus.allCases[round % ProofStatus.allCases.count]
            try await store.write { tx in try tx.setStatus(status, Ys: chosen, operationID: .random()) }
            try await expectCounted()
        }
        try await store.write { tx in try tx.removeProofs(Ys: proofs.prefix(100).map(\.Y)) }
        try await expectCounted()
        try await store.write { tx in try tx.removeProofs(Ys: proofs.map(\.Y)) }
        try await store.read { tx throws in
            #expect(try tx.proofBuckets(mintURL: F.mintA, unit: .sat, status: .unspent).isEmpty)
        }
    }

    /// The oldest proofs of each keyset and amount (by time, then insertion), no more than asked, only of the mint,
    /// unit and status asked; the keysets of one amount in the same order.
    @Test(arguments: StoreFactory.all)
    func oldestProofsAndKeysetsPerAmount(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let a8late = try F.proof(amount: 8, keyset: F.keysetA, createdAt: F.at(30))
        let a8tie1 = try F.proof(amount: 8, keyset: F.keysetA, createdAt: F.at(10))
        let b8early = try F.proof(amount: 8, keyset: F.keysetB, createdAt: F.at(0))
        let a8tie2 = try F.proof(amount: 8, keyset: F.keysetA, createdAt: F.at(10))
        let b8mid = try F.proof(amount: 8, keyset: F.keysetB, createdAt: F.at(20))
        let a2 = try F.proof(amount: 2, keyset: F.keysetA, createdAt: F.at(5))
        let huge = try F.proof(amount: F.hugeAmount, keyset: F.keysetA, createdAt: F.at(7))
        let others = try [
            F.proof(amount: 8, keyset: F.keysetA, status: .reserved, createdAt: F.at(1)),
            F.proof(amount: 8, mint: F.mintB, keyset: F.keysetA, createdAt: F.at(1)),
            F.proof(amount: 8, unit: "usd", keyset: F.keysetA, createdAt: F.at(1)),
            F.proof(amount: 4, keyset: F.keysetA, createdAt: F.at(1)),
        ]
        _ = try await store.write { tx in
            try tx.addProofs([a8late, a8tie1, b8early, a8tie2, b8mid, a2, huge] + others)
        }
        @Sendable func bucket(_ keyset: KeysetID, _ amount: UInt64, _ count: Int) -> ProofBucket {
            ProofBucket(keysetID: keyset, amount: amount, count: count)
        }
        try await store.read { tx throws in
            func oldest(_ buckets: [ProofBucket]) throws -> [StoredProof] {
                try tx.oldestProofs(mintURL: F.mintA, unit: .sat, status: .unspent, buckets: buckets)
            }
            #expect(try oldest([bucket(F.keysetA, 8, 2)]) == [a8tie1, a8tie2])
            #expect(try oldest([bucket(F.keysetA, 8, 10)]) == [a8tie1, a8tie2, a8late])
            #expect(
                try oldest([bucket(F.keysetB, 8, 1), bucket(F.keysetA, 2, 1), bucket(F.keysetA, F.hugeAmount, 1)])
                    == [b8early, a2, huge])
            #expect(try oldest([bucket(F.keysetA, 8, 0), bucket(F.keysetB, 2, 3)]).isEmpty)
            #expect(try oldest([]).isEmpty)
            #expect(
                try tx.oldestProofs(
                    mintURL: F.mintA, unit: .sat, status: .reserved, buckets: [bucket(F.keysetA, 8, 5)])
                    == [others[0]])
            #expect(
                try tx.proofKeysets(
                    mintURL: F.mintA, unit: .sat, status: .unspent, amount: 8, in: [F.keysetA, F.keysetB])
                    == [F.keysetB, F.keysetA, F.keysetA, F.keysetB, F.keysetA])
            #expect(
                try tx.proofKeysets(mintURL: F.mintA, unit: .sat, status: .unspent, amount: 8, in: [F.keysetB])
                    == [F.keysetB, F.keysetB])
            #expect(try tx.proofKeysets(mintURL: F.mintA, unit: .sat, status: .unspent, amount: 8, in: []).isEmpty)
            #expect(
                Set(try tx.proofBuckets(mintURL: F.mintA, unit: .sat, status: .unspent)) == [
                    bucket(F.keysetA, 8, 3), bucket(F.keysetB, 8, 2), bucket(F.keysetA, 2, 1),
                    bucket(F.keysetA, F.hugeAmount, 1), bucket(F.keysetA, 4, 1),
                ])
        }
    }

    @Test(arguments: StoreFactory.all)
    func balancesGroupByMintUnitAndStatus(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        _ = try await store.write { tx throws in
            try tx.addProofs([
                F.proof(amount: 1), F.proof(amount: 2), F.proof(amount: 4, status: .reserved),
                F.proof(amount: 8, mint: F.mintB), F.proof(amount: 16, unit: "usd"),
                F.proof(amount: F.hugeAmount, status: .spent), F.proof(amount: F.hugeAmount - 1, status: .spent),
                F.proof(amount: UInt64(UInt32.max), status: .spent),
            ])
        }
        @Sendable func balance(
            _ mint: MintURL, _ unit: CurrencyUnit, _ status: ProofStatus, _ amount: UInt64, _ count: Int
        ) -> ProofBalance {
            ProofBalance(mintURL: mint, unit: unit, status: status, amount: amount, count: count)
        }
        let unspent: Set = [
            balance(F.mintA, .sat, .unspent, 3, 2), balance(F.mintB, .sat, .unspent, 8, 1),
            balance(F.mintA, "usd", .unspent, 16, 1),
        ]
        try await store.read { tx throws in
            #expect(Set(try tx.balances(statuses: [.unspent])) == unspent)
            #expect(
                Set(try tx.balances(statuses: [.unspent, .reserved]))
                    == unspent.union([balance(F.mintA, .sat, .reserved, 4, 1)]))
            #expect(try tx.balances(statuses: [.sent, .pending]).isEmpty)
        }
        // The spent group, 2^63 + (2^63 - 1) + (2^32 - 1), passes UInt64.max: the store says so instead of wrapping.
        await expectStorageError(.overflow) { try await store.read { tx in try tx.balances(statuses: [.spent]) } }
        await expectStorageError(.overflow) { try await store.read { tx in try tx.balances(statuses: []) } }

        try await store.write { tx throws in
            let small = try tx.proofs(mintURL: nil, unit: nil, statuses: [.spent]).filter { $0.amount < 1 << 32 }
            try tx.removeProofs(Ys: small.map(\.Y))
        }
        try await store.read { tx throws in
            let all = Set(try tx.balances(statuses: []))
            #expect(all == unspent.union([
                balance(F.mintA, .sat, .reserved, 4, 1), balance(F.mintA, .sat, .spent, UInt64.max, 2),
            ]))
        }
    }

    @Test(arguments: StoreFactory.all)
    func balancesMatchASumOfManyProofs(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        var rng = SplitMix64(seed: 7)
        let proofs = try (0..<600).map { _ in
            try F.proof(amount: UInt64.random(in: 1...(1 << 50), using: &rng))
        }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        let balances = try await store.read { tx in try tx.balances(statuses: [.unspent]) }
        #expect(balances == [
            ProofBalance(
                mintURL: F.mintA, unit: .sat, status: .unspent, amount: proofs.reduce(0) { $0 + $1.amount },
                count: proofs.count)
        ])
    }
}
