// Wallet: the event hub — any number of subscribers, each with a bounded buffer of its own.

/// Where a wallet's events go: each subscriber reads its own `AsyncStream` of ``WalletEvent``s.
///
/// Publishing never waits: a subscriber that falls behind keeps the newest events up to its buffer's size, and the
/// next event it gets after a loss is ``WalletEvent/eventsMissed(count:)``. A subscription ends when its reader stops
/// iterating (the task is cancelled or the stream is dropped) or when the hub finishes.
package final class WalletEvents: Sendable {
    private struct Subscriber {
        var continuation: AsyncStream<WalletEvent>.Continuation
        var dropped: Int = 0
        /// Free places in its buffer at the last yield (a lower bound: the reader may have read since).
        var room: Int = 1
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var next: UInt64 = 0
        var finished = false
    }

    private let state = Locked(State())

    /// Creates a hub with no subscribers.
    package init() {}

    /// Whether anyone listens (events that cost a store read are not made otherwise).
    package var hasSubscribers: Bool { state.withLock { !$0.subscribers.isEmpty } }

    /// A new subscription: every event published from now on, the newest `limit` kept while the reader is behind.
    /// - Parameter limit: the buffer's size (at least 1).
    package func subscribe(bufferingNewest limit: Int = 256) -> AsyncStream<WalletEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: WalletEvent.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
        let id: UInt64? = state.withLock { state in
            guard !state.finished else { return nil }
            let id = state.next
            state.next += 1
            state.subscribers[id] = Subscriber(continuation: continuation)
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `event` to every subscriber; never blocks.
    package func publish(_ event: WalletEvent) {
        state.withLock { state in
            for (id, subscriber) in state.subscribers {
                var subscriber = subscriber
                // The loss is told once there is room again, so the marker itself pushes nothing out.
                if subscriber.dropped > 0, subscriber.room > 0,
                    case .enqueued(let remaining) = subscriber.continuation.yield(
                        .eventsMissed(count: subscriber.dropped))
                {
                    subscriber.dropped = 0
                    subscriber.room = remaining
                }
                switch subscriber.continuation.yield(event) {
                case .enqueued(let remaining): subscriber.room = remaining
                case .dropped:
                    subscriber.dropped += 1
                    subscriber.room = 0
                case .terminated: break
                @unknown default: break
                }
                state.subscribers[id] = subscriber
            }
        }
    }

    /// Ends every subscription (their streams finish after what they buffered); later subscriptions end at once.
    package func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            defer { state.subscribers = [:] }
            return state.subscribers.values.map(\.continuation)
        }
        for continuation in continuations { continuation.finish() }
    }
}
