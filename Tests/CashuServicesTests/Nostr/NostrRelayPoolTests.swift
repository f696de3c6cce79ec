// Tests of Nostr/NostrRelayPool.swift against a real relay (PyPI nostr-relay, scripts/test-relay): publish, fetch,
// replaceable events, live subscriptions, refusals, and a proxy.

import CashuNostr
import CashuTestSupport
import Foundation
import Testing

@testable import CashuServices

@Suite("Nostr relay pool against a real relay", .timeLimit(.minutes(3)))
struct NostrRelayPoolTests {
    @Test("Publish then fetch: the relay accepts, the fetch returns the event, a second publish is a duplicate")
    func roundTrip() async throws {
        let relay = try await NostrPoolTesting.sharedRelay()
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let keys = NostrKeyPair.random()
        let event = try NostrPoolTesting.event(keys, content: "round trip")
        let report = await pool.publish(event, to: [relay, relay])
        #expect(report.outcomes == [relay: .accepted("")])
        #expect(report.isPublished)
        let result = try await pool.fetch(
            [NostrFilter(authors: [keys.publicKey])], from: [relay], timeout: .seconds(30))
        #expect(result.events == [event])
        #expect(result.outcomes == [relay: .accepted("")])
        let again = await pool.publish(event, to: [relay])
        #expect(again.outcomes[relay]?.isAccepted == true)
        #expect(again.outcomes[relay]?.prefix == "duplicate")
        await pool.shutdown()
    }

    @Test("An addressable event (kind 30078, d tag) replaced by a newer one: the fetch returns the newest only")
    func addressableReplaced() async throws {
        let relay = try await NostrPoolTesting.sharedRelay()
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let keys = NostrKeyPair.random()
        let now = NostrClock.now()
        let older = try NostrPoolTesting.event(
            keys, kind: 30078, tags: [["d", "backup"]], content: "v1", createdAt: now - 10)
        let newer = try NostrPoolTesting.event(
            keys, kind: 30078, tags: [["d", "backup"]], content: "v2", createdAt: now)
        let other = try NostrPoolTesting.event(keys, kind: 30078, tags: [["d", "other"]], createdAt: now - 5)
        for event in [older, newer, other] { #expect(await pool.publish(event, to: [relay]).isPublished) }
        let filter = NostrFilter(authors: [keys.publicKey], kinds: [30078], tags: ["d": ["backup"]])
        let result = try await pool.fetch([filter], from: [relay], timeout: .seconds(30))
        #expect(result.events == [newer])
        let both = try await pool.fetch(
            [NostrFilter(authors: [keys.publicKey], kinds: [30078])], from: [relay], timeout: .seconds(30))
        #expect(both.events == [newer, other])
        await pool.shutdown()
    }

    @Test("A subscription gets the stored event, then one published afterwards; ending it sends CLOSE")
    func subscribeLive() async throws {
        let relay = try await NostrPoolTesting.sharedRelay()
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let publisher = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let keys = NostrKeyPair.random()
        let stored = try NostrPoolTesting.event(keys, content: "stored", createdAt: NostrClock.now() - 1)
        #expect(await publisher.publish(stored, to: [relay]).isPublished)
        let stream = pool.subscribe([NostrFilter(authors: [keys.publicKey])], on: [relay])
        let recorder = await StreamRecorder.start(stream)
        #expect(await recorder.wait { items, _ in items.count == 1 })
        let live = try NostrPoolTesting.event(keys, content: "live")
        #expect(await publisher.publish(live, to: [relay]).isPublished)
        #expect(await recorder.wait { items, _ in items.count == 2 })
        #expect(await recorder.items == [stored, live])
        await recorder.stop()
        let connection = try #require(await pool.connections[relay])
        #expect(await AsyncWaiting.eventually(within: .seconds(30)) { await connection.subscriptions.isEmpty })
        await pool.shutdown()
        await publisher.shutdown()
    }

    @Test("shutdown() ends a live subscription's stream")
    func shutdownEndsSubscription() async throws {
        let relay = try await NostrPoolTesting.sharedRelay()
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let stream = pool.subscribe([NostrFilter(authors: [NostrKeyPair.random().publicKey])], on: [relay])
        let recorder = await StreamRecorder.start(stream)
        let connection = try #require(await pool.connections(for: [relay]).first?.1)
        #expect(await AsyncWaiting.eventually(within: .seconds(30)) { await connection.socket != nil })
        await pool.shutdown()
        #expect(await recorder.wait { _, finished in finished })
        let after = pool.subscribe([NostrFilter(kinds: [1])], on: [relay])
        let ended = await StreamRecorder.start(after)
        #expect(await ended.wait { _, finished in finished })
    }

    @Test("A relay that refuses the kind: refused with its message; another kind is accepted")
    func refusal() async throws {
        let restricted = try await TestRelay.start(allowedKinds: [1])
        let relay = try NostrRelayURL(restricted.url)
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let keys = NostrKeyPair.random()
        let note = try NostrPoolTesting.event(keys, kind: 1)
        #expect(await pool.publish(note, to: [relay]).outcomes[relay] == .accepted(""))
        let backup = try NostrPoolTesting.event(keys, kind: 30078, tags: [["d", "backup"]])
        let report = await pool.publish(backup, to: [relay])
        #expect(report.outcomes[relay] == .refused("invalid: kind=30078 not allowed"))
        #expect(report.outcomes[relay]?.prefix == "invalid")
        #expect(!report.isPublished)
        await pool.shutdown()
        await restricted.stop()
    }

    @Test("Through a SOCKS5 proxy: publish and fetch work, and the relay sees the proxy's address")
    func throughProxy() async throws {
        let relay = try await NostrPoolTesting.sharedRelay()
        let proxy = try await TestSOCKSProxy.start()
        defer { proxy.stop() }
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient, proxy: proxy.proxy)
        let keys = NostrKeyPair.random()
        let event = try NostrPoolTesting.event(keys, content: "proxied")
        #expect(await pool.publish(event, to: [relay]).outcomes[relay] == .accepted(""))
        let result = try await pool.fetch([NostrFilter(ids: [event.id])], from: [relay], timeout: .seconds(30))
        #expect(result.events == [event])
        await pool.shutdown()
        let log = try String(contentsOfFile: try await TestRelay.shared.directory + "/relay.log", encoding: .utf8)
        #expect(log.contains("Accepted \(TestSOCKSProxy.outgoingAddress)-"))
        proxy.stop()
        // With the proxy gone, nothing reaches the relay.
        let cut = NostrRelayPool(configuration: NostrPoolTesting.patient, proxy: proxy.proxy)
        let error = await #expect(throws: NostrError.self) {
            _ = try await cut.fetch([NostrFilter(ids: [event.id])], from: [relay], timeout: .seconds(30))
        }
        #expect(error?.code == .relayUnreachable)
        await cut.shutdown()
    }
}
