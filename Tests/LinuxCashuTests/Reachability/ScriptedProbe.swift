// Test support: a reachability probe whose answer per mint the test sets, counting probes.

import CoreCashu

@testable import CashuServices
@testable import LinuxCashu

/// A probe answering what the test says.
final class ScriptedProbe: MintReachabilityProbe {
    private let state = Locked<(answers: [MintURL: MintReachability], counts: [MintURL: Int])>(([:], [:]))

    func set(_ mint: MintURL, _ answer: MintReachability) {
        state.withLock { $0.answers[mint] = answer }
    }

    func count(_ mint: MintURL) -> Int {
        state.withLock { $0.counts[mint] ?? 0 }
    }

    func probe(_ mint: MintURL) async -> MintReachability {
        state.withLock { state in
            state.counts[mint, default: 0] += 1
            return state.answers[mint] ?? .unreachable(ReachabilityFailure(code: .unreachable, reason: "scripted"))
        }
    }
}
