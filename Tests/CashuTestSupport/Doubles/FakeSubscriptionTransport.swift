// Test support: a NUT-17 SubscriptionTransport the test drives — it can refuse, end at once, lie, or pass on hints.

import CoreCashu
import Foundation

/// A subscription transport without a socket, for the wallet's waiting logic.
package actor FakeSubscriptionTransport: SubscriptionTransport {
    /// What the transport does with a subscription.
    package enum Behaviour: Sendable {
        /// Throws `unreachable`.
        case refuse
        /// Returns a stream that is already finished (the socket died).
        case endAtOnce
        /// Returns a stream the test feeds with ``send(_:)``.
        case manual
        /// Keeps sending what `lie` makes of the request, every 20 ms, until the consumer stops.
        case lie(@Sendable (SubscriptionRequest) -> NotificationPayload)
    }

    package let behaviour: Behaviour
    package private(set) var requests: [SubscriptionRequest] = []
    package private(set) var terminations = 0
    private var continuations: [UUID: AsyncStream<NotificationPayload>.Continuation] = [:]

    package init(_ behaviour: Behaviour) { self.behaviour = behaviour }

    package func subscribe(_ request: SubscriptionRequest) async throws(SubscriptionError)
        -> AsyncStream<NotificationPayload>
    {
        requests.append(request)
        let (stream, continuation) = AsyncStream.makeStream(of: NotificationPayload.self)
        switch behaviour {
        case .refuse:
            throw SubscriptionError(.unreachable, "fake transport refuses")
        case .endAtOnce:
            continuation.finish()
        case .manual:
            let key = UUID()
            continuations[key] = continuation
            continuation.onTermination = { [weak self] _ in Task { await self?.ended(key) } }
        case .lie(let lie):
            let liar = Task {
                while !Task.isCancelled {
                    continuation.yield(lie(request))
                    try? await Task.sleep(for: .milliseconds(20))
                }
            }
            continuation.onTermination = { [weak self] _ in
                liar.cancel()
                Task { await self?.ended(nil) }
            }
        }
        return stream
    }

    /// Sends `payload` on every live manual stream.
    package func send(_ payload: NotificationPayload) {
        for continuation in continuations.values { continuation.yield(payload) }
    }

    /// How many manual streams have a consumer.
    package var liveStreams: Int { continuations.count }

    private func ended(_ key: UUID?) {
        terminations += 1
        if let key { continuations[key] = nil }
    }
}
