// NIP-47 service loop decisions: which connections are listened for, on which relays; handled requests pruned.

import CashuNostr
import CoreCashu
import Testing

@testable import CashuServices

@Suite("NIP-47 subscription plan and handled requests")
struct NWCSubscriptionPlanTests {
    let mint = try! MintURL("https://mint.example")

    func record(relays: [String], expiresAt: Int64? = nil, revokedAt: Int64? = nil) -> NWCConnectionRecord {
        let (connection, _) = NWCConnection.create(
            name: "app", relays: relays.map { try! NostrRelayURL($0) }, createdAt: 1, expiresAt: expiresAt)
        var record = NWCConnectionRecord(connection, mint: mint)
        record.revokedAt = revokedAt
        return record
    }

    @Test("live connections only, relays once each; a revocation or an expiry changes the plan")
    func plan() throws {
        let a = record(relays: ["wss://one.example", "wss://two.example"])
        let b = record(relays: ["wss://two.example"], expiresAt: 100)
        let c = record(relays: ["wss://three.example"], revokedAt: 50)
        let early = NWCSubscriptionPlan([a, b, c], at: 60)
        #expect(early.servicePublicKeys == [a.servicePublicKey, b.servicePublicKey].sorted())
        #expect(early.relays.map(\.string) == ["wss://one.example", "wss://two.example"])
        let filter = early.filter(since: 10)
        #expect(filter.kinds == [NWCEventKind.request] && filter.since == 10)
        #expect(filter.tags["p"] == early.servicePublicKeys.map(\.hex))
        let late = NWCSubscriptionPlan([a, b, c], at: 100)
        #expect(late != early && late.servicePublicKeys == [a.servicePublicKey])
        #expect(NWCSubscriptionPlan([c], at: 60).isEmpty)
    }

    @Test("a handled request is claimed once; records older than the retention go")
    func handled() {
        var handled = NWCHandledRequests()
        let first = handled.claim("a", createdAt: 10, pruneBefore: 0)
        let replay = handled.claim("a", createdAt: 10, pruneBefore: 0)
        let pruning = handled.claim("b", createdAt: 20, pruneBefore: 15)
        let count = handled.count
        let forgotten = handled.claim("a", createdAt: 10, pruneBefore: 15)
        #expect(first && !replay && pruning && count == 1 && forgotten)
    }
}
