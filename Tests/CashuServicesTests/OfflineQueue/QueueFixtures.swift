// Test support: mints, tokens and queues for the offline queue's unit tests (in-memory store, scripted runner).

import CoreCashu
import Foundation
import Logging

@testable import CashuServices

enum QueueFixtures {
    static let mintA = url("http://mint-a.test:3338")
    static let mintB = url("http://mint-b.test:3338")

    static func url(_ text: String) -> MintURL {
        do { return try MintURL(text) } catch { preconditionFailure("\(error)") }
    }

    /// A decodable token of `amount` at `mint` (its proof is not signed by anyone: the scripted runner never checks).
    static func token(_ amount: UInt64 = 8, mint: MintURL = mintA, memo: String? = nil) -> String {
        do {
            let proof = Proof(
                amount: amount,
                id: try KeysetID(hex: "009a1f293253e41e"),
                secret: UUID().uuidString,
                C: Scalar.random().publicKey
            )
            return try Token(mint: mint.rawValue, unit: "sat", memo: memo, proofs: [proof]).serialized()
        } catch {
            preconditionFailure("\(error)")
        }
    }

    static func queue(
        store: any WalletStore = InMemoryWalletStore(),
        runner: ScriptedRunner = ScriptedRunner(),
        monitor: (any MintReachabilityMonitor)? = nil
    ) -> OfflineQueue {
        OfflineQueue(
            runner: runner,
            store: store,
            monitor: monitor,
            retryInterval: .seconds(3600),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
    }

    static let unreachable = WalletError(.mintUnreachable, "the mint cannot be reached (scripted)")
}
