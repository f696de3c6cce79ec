// Test support: a reachability monitor whose states the test sets.

import CoreCashu

@testable import CashuServices

/// Reports what the test says, and publishes each change.
final class ScriptedMonitor: MintReachabilityMonitor {
    private let state = Locked<
        (
            states: [MintURL: MintReachability], watched: Set<MintURL>,
            subscribers: [AsyncStream<ReachabilityUpdate>.Continuation]
        )
    >(([:], [], []))

    static let down = MintReachability.unreachable(ReachabilityFailure(code: .unreachable, reason: "scripted"))

    func set(_ mint: MintURL, _ reachability: MintReachability) {
        let subscribers = state.withLock { state in
            state.states[mint] = reachability
            return state.subscribers
        }
        for subscriber in subscribers { subscriber.yield(ReachabilityUpdate(mint: mint, state: reachability)) }
    }

    var watched: Set<MintURL> { state.withLock { $0.watched } }

    func watch(_ mint: MintURL) async { _ = state.withLock { $0.watched.insert(mint) } }
    func unwatch(_ mint: MintURL) async { _ = state.withLock { $0.watched.remove(mint) } }
    func state(of mint: MintURL) async -> MintReachability { state.withLock { $0.states[mint] ?? .unknown } }

    func updates() async -> AsyncStream<ReachabilityUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: ReachabilityUpdate.self)
        state.withLock { $0.subscribers.append(continuation) }
        return stream
    }
}
