// Tests of Storage/AuthProofStore.swift (the NUT-22 token pool) against every backend.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("AuthProofStore contract")
struct AuthProofContractTests {
    static func token(mint: MintURL = StoreFixtures.mintA, at seconds: Double = 0, dleq: Bool = true)
        -> StoredAuthProof
    {
        StoredAuthProof(
            mintURL: mint,
            proof: AuthProof(
                id: StoreFixtures.keysetV2, secret: UUID().uuidString, C: Scalar.random().publicKey,
                dleq: dleq ? ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: Scalar.random()) : nil),
            createdAt: StoreFixtures.at(seconds))
    }

    @Test("tokens come out oldest first, each once, per mint, with every field kept", arguments: StoreFactory.all)
    func takeOldestFirst(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let first = Self.token(at: 1)
        let second = Self.token(at: 2, dleq: false)
        let same = Self.token(at: 2)
        let other = Self.token(mint: StoreFixtures.mintB, at: 0)
        try await store.write { tx in try tx.addAuthProofs([second, first, other]) }
        try await store.write { tx in try tx.addAuthProofs([same, first]) }  // `first` again: skipped
        await #expect(try store.read { tx in try tx.authProofCount(mintURL: StoreFixtures.mintA) } == 3)
        await #expect(try store.read { tx in try tx.authProofCount(mintURL: StoreFixtures.mintB) } == 1)
        var taken: [StoredAuthProof] = []
        while let next = try await store.write({ tx in try tx.takeAuthProof(mintURL: StoreFixtures.mintA) }) {
            taken.append(next)
        }
        // Equal times come out in the order they were added.
        #expect(taken == [first, second, same])
        await #expect(try store.read { tx in try tx.authProofCount(mintURL: StoreFixtures.mintA) } == 0)
        await #expect(try store.write { tx in try tx.removeAuthProofs(mintURL: StoreFixtures.mintB) } == 1)
        await #expect(try store.read { tx in try tx.authProofCount(mintURL: StoreFixtures.mintB) } == 0)
    }

    @Test("taking or adding in a read transaction throws", arguments: StoreFactory.all)
    func readOnly(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        await #expect(throws: (any Error).self) {
            try await store.read { tx in try tx.takeAuthProof(mintURL: StoreFixtures.mintA) }
        }
        await #expect(throws: (any Error).self) { try await store.read { tx in try tx.addAuthProofs([Self.token()]) } }
    }
}
