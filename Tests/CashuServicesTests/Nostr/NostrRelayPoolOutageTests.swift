// Tests of Nostr/NostrRelayPool.swift and Nostr/NostrRelayConnection+Socket.swift when relays are down: some, all,
// or killed in the middle of a subscription and brought back on the same port.

import CashuNostr
import CashuTestSupport
import Foundation
import Testing

@testable import CashuServices

@Suite("Nostr relay pool with relays down", .timeLimit(.minutes(3)))
struct NostrRelayPoolOutageTests {
    @Test("One relay of two down: publish reports it unreachable, fetch returns the other's events, no long wait")
    func oneDown() async throws {
        let relay = try await NostrPoolTesting.sharedRelay()
        let down = try NostrPoolTesting.downRelay()
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let keys = NostrKeyPair.random()
        let event = try NostrPoolTesting.event(keys)
        let (report, publishing) = await NostrPoolTesting.timed { await pool.publish(event, to: [down, relay]) }
        #expect(report.outcomes[relay] == .accepted(""))
        guard case .unreachable = report.outcomes[down] else {
            Issue.record("expected unreachable, got \(String(describing: report.outcomes[down]))")
            return
        }
        #expect(report.accepted == [relay])
        #expect(publishing < .seconds(20))
        let (result, fetching) = try await NostrPoolTesting.timed {
            try await pool.fetch([NostrFilter(authors: [keys.publicKey])], from: [relay, down], timeout: .seconds(30))
        }
        #expect(result.events == [event])
        #expect(result.outcomes[relay] == .accepted(""))
        #expect(result.outcomes[down]?.isAccepted == false)
        #expect(fetching < .seconds(20))
        await pool.shutdown()
    }

    @Test("Every relay down: fetch throws relayUnreachable at once, publish reports each unreachable")
    func allDown() async throws {
        let relays = [try NostrPoolTesting.downRelay(), try NostrPoolTesting.downRelay()]
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let (error, elapsed) = await NostrPoolTesting.timed {
            await #expect(throws: NostrError.self) {
                _ = try await pool.fetch([NostrFilter(kinds: [1])], from: relays, timeout: .seconds(30))
            }
        }
        #expect(error?.code == .relayUnreachable)
        #expect(elapsed < .seconds(5))
        let report = await pool.publish(try NostrPoolTesting.event(.random()), to: relays)
        #expect(report.outcomes.count == 2)
        #expect(!report.isPublished)
        #expect(report.outcomes.values.allSatisfy { if case .unreachable = $0 { true } else { false } })
        let none = await #expect(throws: NostrError.self) {
            _ = try await pool.fetch([NostrFilter(kinds: [1])], from: [], timeout: .seconds(1))
        }
        #expect(none?.code == .relayUnreachable)
        await pool.shutdown()
    }

    @Test("A relay killed mid-subscription and restarted on its port: the subscription resumes, nothing twice")
    func killedAndRestarted() async throws {
        let first = try await TestRelay.startRestartable()
        defer { first.removeDatabase() }
        let relay = try NostrRelayURL(first.url)
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let keys = NostrKeyPair.random()
        let stream = pool.subscribe([NostrFilter(authors: [keys.publicKey])], on: [relay])
        let recorder = await StreamRecorder.start(stream)
        let publisher = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let before = try NostrPoolTesting.event(keys, content: "before", createdAt: NostrClock.now() - 1)
        #expect(await publisher.publish(before, to: [relay]).isPublished)
        #expect(await recorder.wait { items, _ in items.count == 1 })

        await first.kill()
        let connection = try #require(await pool.connections[relay])
        #expect(await AsyncWaiting.eventually(within: .seconds(30)) { await connection.socket == nil })
        let second = try await first.restart()
        let after = try NostrPoolTesting.event(keys, content: "after")
        // The publisher's connection died with the relay too; this publish connects again.
        #expect(await publisher.publish(after, to: [relay]).isPublished)
        #expect(await recorder.wait { items, _ in items.count >= 2 })
        // The restarted relay (same database) sends `before` again within the margin: not delivered twice.
        try await Task.sleep(for: .milliseconds(300))
        #expect(await recorder.items == [before, after])
        await recorder.stop()
        await pool.shutdown()
        await publisher.shutdown()
        await second.stop()
    }
}
