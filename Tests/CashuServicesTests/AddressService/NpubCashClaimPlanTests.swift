// npub.cash v2 — a claim's decisions: which listed quotes are recorded, which wait for their mint, and where the
// `since` cursor may go (never past a paid quote left waiting).

import CoreCashu
import Testing

@testable import CashuServices

@Suite("npub.cash claim plan")
struct NpubCashClaimPlanTests {
    static let known = try! MintURL("https://mint.example")
    static let lock = Scalar.random().publicKey

    static func quote(_ id: String, _ state: String = "PAID", paidAt: Int64?, mint: String = "https://mint.example",
                      locked: Bool = true) -> NpubCashQuote {
        NpubCashQuote(quoteID: id, mintURL: mint, amount: 21, state: state, paidAt: paidAt, locked: locked)
    }

    static func plan(_ listed: [NpubCashQuote], previous: Int64? = nil) -> NpubCashClaimPlan {
        NpubCashClaimPlan(listed: listed, knownMints: [known], previous: previous, lock: lock)
    }

    @Test("paid quotes at a held mint are recorded paid, locked to the identity when the service locked them")
    func records() {
        let plan = Self.plan([Self.quote("a", paidAt: 10), Self.quote("b", paidAt: 20, locked: false)])
        #expect(plan.record.map(\.id) == ["a", "b"])
        #expect(plan.record.allSatisfy { $0.state == .paid && $0.mintURL == Self.known && $0.amount == 21 })
        #expect(plan.record[0].pubkey == Self.lock && plan.record[1].pubkey == nil)
        #expect(plan.cursor == 20 && plan.unknownMints.isEmpty)
    }

    @Test("issued and in-flight quotes are not recorded; a quote listed twice is recorded once")
    func skipped() {
        let plan = Self.plan([
            Self.quote("a", "ISSUED", paidAt: 30), Self.quote("b", "INFLIGHT", paidAt: nil),
            Self.quote("c", paidAt: 10), Self.quote("c", paidAt: 10),
        ])
        #expect(plan.record.map(\.id) == ["c"])
        #expect(plan.cursor == 30)
    }

    @Test("a paid quote at a mint the wallet does not hold waits, and holds the cursor just before it")
    func unknownMint() {
        let plan = Self.plan(
            [Self.quote("a", paidAt: 50), Self.quote("b", paidAt: 40, mint: "https://other.example")], previous: 5)
        #expect(plan.record.map(\.id) == ["a"])
        #expect(plan.unknownMints == ["https://other.example"])
        #expect(plan.cursor == 39)
        let stuck = Self.plan([Self.quote("b", paidAt: 40, mint: "https://other.example")], previous: 39)
        #expect(stuck.cursor == nil && stuck.record.isEmpty)
    }

    @Test("the cursor never goes back, and an empty listing leaves it; the listing asks from before it")
    func cursor() {
        #expect(Self.plan([Self.quote("a", paidAt: 10)], previous: 100).cursor == nil)
        #expect(Self.plan([], previous: 100).cursor == nil)
        #expect(Self.plan([], previous: nil).cursor == nil)
        #expect(NpubCashClaimPlan.since(cursor: nil) == nil)
        #expect(NpubCashClaimPlan.since(cursor: 1000) == 1000 - NpubCashClaimPlan.overlap)
        #expect(NpubCashClaimPlan.since(cursor: 5) == 0)
    }
}
