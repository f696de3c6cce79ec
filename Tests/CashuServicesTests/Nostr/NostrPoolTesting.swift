// Test support for the relay pool tests: configurations, events and relay URLs.

import CashuNostr
import CashuServices
import CashuTestSupport
import Foundation

/// Shared pieces of the relay pool tests.
enum NostrPoolTesting {
    /// For tests that expect relays to answer: deadlines a loaded CI machine (the whole suite in parallel on two
    /// cores) cannot turn into a timeout; quick reconnection.
    static let patient = NostrRelayPoolConfiguration(
        connectTimeout: .seconds(30), publishTimeout: .seconds(30), closeTimeout: .milliseconds(500),
        backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .milliseconds(500)))

    /// A signed event by `keys`.
    static func event(
        _ keys: NostrKeyPair, kind: Int = 1, tags: [[String]] = [], content: String = "test", createdAt: Int64? = nil
    ) throws -> NostrEvent {
        try NostrEventDraft(by: keys, kind: kind, tags: tags, content: content, createdAt: createdAt).signed(by: keys)
    }

    /// The shared test relay's URL.
    static func sharedRelay() async throws -> NostrRelayURL {
        try NostrRelayURL(try await TestRelay.shared.url)
    }

    /// A loopback URL where nothing listens (connections are refused at once).
    static func downRelay() throws -> NostrRelayURL {
        try NostrRelayURL("ws://127.0.0.1:\(try TestPort.reserve())")
    }

    /// How long `body` takes.
    static func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
        let start = ContinuousClock.now
        let value = try await body()
        return (value, ContinuousClock.now - start)
    }
}
