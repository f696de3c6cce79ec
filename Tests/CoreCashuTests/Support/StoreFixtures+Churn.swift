// Test support: one sequence of writes over a store's proofs, for the checks that trigger-kept tables follow them.

import CashuTestSupport
import CoreCashu
import Foundation

extension StoreFixtures {
    private struct Abort: Error {}

    /// Moves random quarters of `proofs` through every status for `rounds` rounds (each followed by a rolled-back
    /// delete), then deletes 150 of them and then all, calling `check` after every write.
    static func churn(
        _ store: any WalletStore, _ proofs: [StoredProof], rounds: Int, rng: inout SplitMix64,
        check: () async throws -> Void
    ) async throws {
        for round in 0..<rounds {
            let chosen = proofs.filter { _ in rng.next() % 4 == 0 }.map(\.Y)
            let status = ProofStatus.allCases[round % ProofStatus.allCases.count]
            try await store.write { tx in try tx.setStatus(status, Ys: chosen, operationID: .random()) }
            try await check()
            _ = try? await store.write { tx throws in
                try tx.removeProofs(Ys: Array(chosen.prefix(3)))
                throw Abort()
            }
            try await check()
        }
        try await store.write { tx in try tx.removeProofs(Ys: proofs.prefix(150).map(\.Y)) }
        try await check()
        try await store.write { tx in try tx.removeProofs(Ys: proofs.map(\.Y)) }
        try await check()
    }
}
