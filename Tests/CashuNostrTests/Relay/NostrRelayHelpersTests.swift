// Tests of Relay/NostrEventDeduplicator.swift, Relay/NostrEventScreen.swift, Relay/NostrFilter+Resume.swift and
// Relay/NostrRelayOutcome+Messages.swift.

import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-01 relay helpers")
struct NostrRelayHelpersTests {
    static let keys = NostrKeyPair.random()

    @Test("The deduplicator lets each id through once and forgets the oldest beyond its capacity")
    func deduplicator() {
        var seen = NostrEventDeduplicator(capacity: 3)
        let first = ["a", "b", "c", "a", "d"].map { seen.insert($0) }
        #expect(first == [true, true, true, false, true])
        #expect(seen.count == 3)
        // "a" was the oldest: forgotten when "d" came.
        let second = ["a", "d"].map { seen.insert($0) }
        #expect(second == [true, false])
    }

    @Test("The screen lets through matching, valid events only")
    func screen() throws {
        let event = try NostrEventDraft(by: Self.keys, kind: 7, content: "x").signed(by: Self.keys)
        #expect(NostrEventScreen.check(event, against: [NostrFilter(kinds: [1]), NostrFilter(kinds: [7])]) == .accepted)
        #expect(NostrEventScreen.check(event, against: [NostrFilter(kinds: [1])]) == .notMatching)
        let forged = NostrEvent(
            id: event.id, pubkey: event.pubkey, createdAt: event.createdAt, kind: event.kind, tags: event.tags,
            content: "changed", sig: event.sig)
        #expect(NostrEventScreen.check(forged, against: [NostrFilter(kinds: [7])]) == .invalid)
        let other = NostrKeyPair.random().publicKey
        #expect(NostrEventScreen.check(event, against: [NostrFilter(authors: [other])]) == .notMatching)
    }

    @Test("A resumed filter asks from the margin before the newest event, never earlier than it asked")
    func resume() {
        let filter = NostrFilter(kinds: [1], since: 1000, limit: 5)
        #expect(filter.resumed(newest: nil, margin: 60) == filter)
        #expect(filter.resumed(newest: 5000, margin: 60).since == 4940)
        #expect(filter.resumed(newest: 1030, margin: 60).since == 1000)
        #expect(NostrFilter(kinds: [1]).resumed(newest: 100, margin: -5).since == 100)
        #expect(filter.resumed(newest: 5000, margin: 60).kinds == [1])
        // An event from the future counts as now; gift wraps are asked again from two days earlier.
        #expect(filter.resumed(newest: 9_999_999_999, margin: 60, now: 10_000).since == 9940)
        let wraps = NostrFilter(kinds: [1059], since: 0)
        let expected: Int64 = 500_000 - 60 - 2 * 24 * 3600
        #expect(wraps.resumed(newest: 500_000, margin: 60, now: 600_000).since == expected)
    }

    @Test("OK outcomes: duplicate counts as accepted; prefixes are read")
    func outcomes() {
        #expect(NostrRelayOutcome(okAccepted: true, message: "") == .accepted(""))
        #expect(NostrRelayOutcome(okAccepted: false, message: "duplicate: exists") == .accepted("duplicate: exists"))
        #expect(NostrRelayOutcome(okAccepted: false, message: "blocked: go away") == .refused("blocked: go away"))
        #expect(NostrRelayOutcome.refused("rate-limited: slow down").prefix == "rate-limited")
        #expect(NostrRelayOutcome.refused("auth-required: who are you").prefix == "auth-required")
        #expect(NostrRelayOutcome.refused("no prefix here").prefix == nil)
        #expect(NostrRelayOutcome.refused("two words: x").prefix == nil)
        #expect(NostrRelayOutcome.timedOut.prefix == nil)
    }
}
