// Tests of Relay/NostrFetchCollector.swift: when a fetch over several relays is done, what it keeps, and when it
// counts as unreachable.

import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-01 fetch bookkeeping")
struct NostrFetchCollectorTests {
    static let a = try! NostrRelayURL("ws://a.example")
    static let b = try! NostrRelayURL("ws://b.example")
    static let keys = NostrKeyPair.random()

    static func event(kind: Int = 1, at createdAt: Int64, tags: [[String]] = [], content: String = "x") -> NostrEvent {
        try! NostrEventDraft(by: keys, kind: kind, tags: tags, content: content, createdAt: createdAt).signed(by: keys)
    }

    @Test("Complete once every relay is finished; events de-duplicated, newest first")
    func completes() throws {
        var collector = NostrFetchCollector(relays: [Self.a, Self.b, Self.a], maxEvents: 10)
        #expect(collector.states.count == 2)
        collector.requested(Self.a)
        let old = Self.event(at: 100)
        let new = Self.event(at: 200)
        let kept = [
            collector.received(old, from: Self.a), collector.received(old, from: Self.b),
            collector.received(new, from: Self.b),
        ]
        #expect(kept == [true, false, true])
        collector.finished(Self.a, .accepted(""))
        #expect(!collector.isComplete)
        collector.finished(Self.b, .refused("blocked: no"))
        collector.finished(Self.b, .accepted(""))
        #expect(collector.isComplete)
        let result = try collector.result()
        #expect(result.events == [new, old])
        #expect(result.outcomes == [Self.a: .accepted(""), Self.b: .refused("blocked: no")])
    }

    @Test("At the deadline: requested relays time out, connecting ones are unreachable")
    func expires() throws {
        var collector = NostrFetchCollector(relays: [Self.a, Self.b], maxEvents: 10)
        collector.requested(Self.a)
        collector.expire()
        #expect(collector.isComplete)
        let result = try collector.result()
        #expect(result.outcomes[Self.a] == .timedOut)
        guard case .unreachable = result.outcomes[Self.b] else {
            Issue.record("expected unreachable, got \(String(describing: result.outcomes[Self.b]))")
            return
        }
    }

    @Test("Every relay unreachable, or none given: relayUnreachable")
    func unreachable() {
        var collector = NostrFetchCollector(relays: [Self.a, Self.b], maxEvents: 10)
        collector.finished(Self.a, .unreachable("refused"))
        collector.finished(Self.b, .unreachable("refused"))
        let error = #expect(throws: NostrError.self) { try collector.result() }
        #expect(error?.code == .relayUnreachable)
        let none = NostrFetchCollector(relays: [], maxEvents: 10)
        #expect(throws: NostrError.self) { try none.result() }
    }

    @Test("Beyond maxEvents events are dropped and counted")
    func bounded() throws {
        var collector = NostrFetchCollector(relays: [Self.a], maxEvents: 2)
        for second in 0..<5 { collector.received(Self.event(at: Int64(1000 + second)), from: Self.a) }
        collector.finished(Self.a, .accepted(""))
        #expect(try collector.result().events.count == 2)
        #expect(collector.dropped == 3)
    }

    @Test("Events from a relay not asked are ignored")
    func strangers() {
        var collector = NostrFetchCollector(relays: [Self.a], maxEvents: 2)
        let kept = collector.received(Self.event(at: 1), from: Self.b)
        #expect(!kept)
    }

    @Test("Only the newest version of a replaceable or addressable event is kept (on a tie, the lowest id)")
    func replaceable() throws {
        var collector = NostrFetchCollector(relays: [Self.a], maxEvents: 100)
        let older = Self.event(kind: 30078, at: 100, tags: [["d", "backup"]])
        let newer = Self.event(kind: 30078, at: 200, tags: [["d", "backup"]])
        let other = Self.event(kind: 30078, at: 50, tags: [["d", "other"]])
        let profileA = Self.event(kind: 0, at: 300, content: "a")
        let profileB = Self.event(kind: 0, at: 300, content: "b")
        let notes = [Self.event(at: 10, content: "1"), Self.event(at: 10, content: "2")]
        for event in [newer, older, other, profileA, profileB] + notes { collector.received(event, from: Self.a) }
        collector.finished(Self.a, .accepted(""))
        let events = try collector.result().events
        let lowest = min(profileA.id, profileB.id)
        #expect(events.map(\.id) == [lowest, newer.id, other.id] + notes.map(\.id).sorted(by: >))
    }
}
