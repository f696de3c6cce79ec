// Tests of Nostr/NostrRelayConnection.swift and Nostr/NostrRelayConnection+Socket.swift against a scripted relay:
// the re-subscription after a lost connection, CLOSED, oversized frames, and idle connections closing.

import CashuNostr
import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Nostr relay connection against a scripted relay", .timeLimit(.minutes(3)))
struct NostrRelayConnectionTests {
    /// The REQs a scripted relay received, as JSON arrays.
    final class Requests: Sendable {
        private let stored = Locked<[String]>([])
        func append(_ text: String) { stored.withLock { $0.append(text) } }
        var all: [String] { stored.withLock { $0 } }
        var count: Int { all.count }

        /// The first filter of the `index`th REQ.
        func filter(_ index: Int) throws -> [String: Any] {
            let array = try #require(try JSONSerialization.jsonObject(with: Data(all[index].utf8)) as? [Any])
            return try #require(array[2] as? [String: Any])
        }
    }

    static func json(_ event: NostrEvent) throws -> String {
        String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
    }

    /// The subscription id of a REQ, if the text is one.
    static func requestID(_ text: String) -> String? {
        guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any],
            array.first as? String == "REQ"
        else { return nil }
        return array[1] as? String
    }

    @Test("After a lost connection the subscription is asked again from the margin before its newest event")
    func resubscribesFromNewest() async throws {
        let keys = NostrKeyPair.random()
        let now = NostrClock.now()
        let first = try NostrPoolTesting.event(keys, content: "first", createdAt: now - 100)
        let second = try NostrPoolTesting.event(keys, content: "second", createdAt: now)
        let (firstJSON, secondJSON) = (try Self.json(first), try Self.json(second))
        let requests = Requests()
        let closes = Requests()
        let server = try await HostileRelay.start { text in
            if text.hasPrefix(#"["CLOSE""#) { closes.append(text) }
            guard let id = Self.requestID(text) else { return [] }
            requests.append(text)
            if requests.count == 1 {
                return [.text(#"["EVENT","\#(id)",\#(firstJSON)]"#), .text(#"["EOSE","\#(id)"]"#), .drop]
            }
            return [
                .text(#"["EVENT","\#(id)",\#(firstJSON)]"#), .text(#"["EVENT","\#(id)",\#(secondJSON)]"#),
                .text(#"["EOSE","\#(id)"]"#),
            ]
        }
        let relay = try NostrRelayURL(server.url)
        var configuration = NostrPoolTesting.patient
        configuration.resubscribeMargin = .seconds(5)
        let pool = NostrRelayPool(configuration: configuration)
        let stream = pool.subscribe([NostrFilter(authors: [keys.publicKey], since: now - 1000)], on: [relay])
        let recorder = await StreamRecorder.start(stream)
        #expect(await recorder.wait { items, _ in items.count == 2 })
        try await Task.sleep(for: .milliseconds(200))
        #expect(await recorder.items == [first, second])
        #expect(requests.count == 2)
        #expect(try requests.filter(0)["since"] as? Int64 == now - 1000)
        #expect(try requests.filter(1)["since"] as? Int64 == now - 105)
        #expect(try requests.filter(1)["authors"] as? [String] == [keys.publicKey.hex])
        // The consumer's task is cancelled: the stream ends and the relay gets CLOSE for the subscription.
        await recorder.stop()
        #expect(await AsyncWaiting.eventually(within: .seconds(30)) { closes.count == 1 })
        let id = try #require(Self.requestID(requests.all[1]))
        #expect(closes.all == [#"["CLOSE","\#(id)"]"#])
        await pool.shutdown()
        await server.stop()
    }

    @Test("A relay that closes the request (CLOSED): refused with its message, without waiting for the timeout")
    func closedRequest() async throws {
        let server = try await HostileRelay.start { text in
            guard let id = Self.requestID(text) else { return [] }
            return [.text(#"["AUTH","challenge"]"#), .text(#"["CLOSED","\#(id)","auth-required: log in first"]"#)]
        }
        let relay = try NostrRelayURL(server.url)
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let (result, elapsed) = try await NostrPoolTesting.timed {
            try await pool.fetch([NostrFilter(kinds: [1])], from: [relay], timeout: .seconds(60))
        }
        #expect(result.outcomes == [relay: .refused("auth-required: log in first")])
        #expect(result.outcomes[relay]?.prefix == "auth-required")
        #expect(result.events.isEmpty)
        #expect(elapsed < .seconds(30))
        await pool.shutdown()
        await server.stop()
    }

    @Test("A frame over the size limit closes the connection: the fetch reports the relay unreachable")
    func oversizedFrame() async throws {
        let server = try await HostileRelay.start { text in
            guard let id = Self.requestID(text) else { return [] }
            return [.text(#"["NOTICE","\#(String(repeating: "x", count: 64 << 10))"]"#), .text(#"["EOSE","\#(id)"]"#)]
        }
        let relay = try NostrRelayURL(server.url)
        var configuration = NostrPoolTesting.patient
        configuration.maxMessageSize = 16 << 10
        let pool = NostrRelayPool(configuration: configuration)
        let error = await #expect(throws: NostrError.self) {
            _ = try await pool.fetch([NostrFilter(kinds: [1])], from: [relay], timeout: .seconds(60))
        }
        #expect(error?.code == .relayUnreachable)
        await pool.shutdown()
        await server.stop()
    }

    @Test("A connection nothing uses closes after the idle timeout; the next request opens another")
    func idleConnectionCloses() async throws {
        let server = try await HostileRelay.start { text in
            guard let id = Self.requestID(text) else { return [] }
            return [.text(#"["EOSE","\#(id)"]"#)]
        }
        let relay = try NostrRelayURL(server.url)
        var configuration = NostrPoolTesting.patient
        configuration.idleConnectionTimeout = .milliseconds(200)
        let pool = NostrRelayPool(configuration: configuration)
        for _ in 0..<2 {
            let result = try await pool.fetch([NostrFilter(kinds: [1])], from: [relay], timeout: .seconds(60))
            #expect(result.outcomes == [relay: .accepted("")])
            #expect(await AsyncWaiting.eventually(within: .seconds(30)) { server.openConnections == 0 })
        }
        await pool.shutdown()
        await server.stop()
    }
}
