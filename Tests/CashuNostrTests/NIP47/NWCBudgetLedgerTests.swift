// NIP-47 — a connection's ledger: reservations against the budget, settling, releasing, pending kept, renewal.

import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-47 budget ledger")
struct NWCBudgetLedgerTests {
    static let noon: Int64 = 1_749_643_200
    static let daily = NWCBudget(limitSats: 1_000, renewal: .daily)

    private func reserve(
        _ ledger: inout NWCBudgetLedger, _ hash: String, _ sats: UInt64, budget: NWCBudget? = daily
    ) -> NWCBudgetLedger.Reservation {
        ledger.reserve(paymentHash: hash, requestID: "r-" + hash, sats: sats, budget: budget, at: Self.noon)
    }

    @Test("a payment fits while the period's spends leave room; no budget means no limit")
    func fits() {
        var ledger = NWCBudgetLedger()
        #expect(ledger.remainingSats(Self.daily, at: Self.noon) == 1_000)
        #expect(ledger.remainingSats(nil, at: Self.noon) == nil)
        #expect(reserve(&ledger, "a", 600) == .reserved)
        #expect(ledger.remainingSats(Self.daily, at: Self.noon) == 400)
        #expect(
            ledger.reserve(paymentHash: "b", requestID: "r2", sats: 401, budget: Self.daily, at: Self.noon)
                == .quotaExceeded(remainingSats: 400))
        #expect(ledger.spends.count == 1)
        #expect(reserve(&ledger, "b", 400) == .reserved)
        #expect(ledger.remainingSats(Self.daily, at: Self.noon) == 0)
        #expect(reserve(&ledger, "c", 10_000, budget: nil) == .reserved)
    }

    @Test("a payment paid after its reservation was released (taken for failed) is counted again")
    func settledAfterRelease() {
        var ledger = NWCBudgetLedger()
        #expect(reserve(&ledger, "a", 600) == .reserved)
        ledger.release(paymentHash: "a")
        #expect(ledger.remainingSats(Self.daily, at: Self.noon) == 1_000)
        ledger.settle(paymentHash: "a", spentSats: 602, preimage: "pp", feesPaidMsat: 2_000, now: Self.noon)
        #expect(ledger.remainingSats(Self.daily, at: Self.noon) == 398)
        #expect(reserve(&ledger, "a", 600) == .alreadyPaid(ledger.spends[0]))
    }

    @Test("settling counts what it cost; releasing gives the reservation back; a settled spend is never released")
    func settleAndRelease() {
        var ledger = NWCBudgetLedger()
        _ = ledger.reserve(paymentHash: "a", requestID: "r1", sats: 600, budget: Self.daily, at: Self.noon)
        ledger.settle(paymentHash: "a", spentSats: 501, preimage: "pp", feesPaidMsat: 1_000)
        #expect(ledger.remainingSats(Self.daily, at: Self.noon) == 499)
        ledger.release(paymentHash: "a")
        #expect(ledger.remainingSats(Self.daily, at: Self.noon) == 499)
        _ = ledger.reserve(paymentHash: "b", requestID: "r2", sats: 300, budget: Self.daily, at: Self.noon)
        ledger.release(paymentHash: "b")
        #expect(ledger.remainingSats(Self.daily, at: Self.noon) == 499)
    }

    @Test("the same payment hash is in flight or already paid, never reserved twice (any case)")
    func samePaymentHash() {
        var ledger = NWCBudgetLedger()
        _ = ledger.reserve(paymentHash: "AB", requestID: "r1", sats: 10, budget: nil, at: Self.noon)
        guard case .inFlight = ledger.reserve(paymentHash: "ab", requestID: "r2", sats: 10, budget: nil, at: Self.noon)
        else {
            Issue.record("expected in flight")
            return
        }
        ledger.settle(paymentHash: "ab", spentSats: 10, preimage: "pp", feesPaidMsat: 0)
        guard case .alreadyPaid(let spend) = ledger.reserve(
            paymentHash: "ab", requestID: "r3", sats: 10, budget: nil, at: Self.noon)
        else {
            Issue.record("expected already paid")
            return
        }
        #expect(spend.preimage == "pp")
        #expect(ledger.spends.count == 1)
    }

    @Test("the budget renews in the next period; a pending spend counts in its own period until it is resolved")
    func renewal() {
        var ledger = NWCBudgetLedger()
        _ = ledger.reserve(paymentHash: "a", requestID: "r1", sats: 1_000, budget: Self.daily, at: Self.noon)
        #expect(ledger.remainingSats(Self.daily, at: Self.noon + 3_600) == 0)
        let tomorrow = Self.noon + 86_400
        #expect(ledger.remainingSats(Self.daily, at: tomorrow) == 1_000)
        // Weekly: Wednesday's spend still counts on Sunday, not on the next Monday.
        let weekly = NWCBudget(limitSats: 1_000, renewal: .weekly)
        #expect(ledger.remainingSats(weekly, at: Self.noon + 4 * 86_400) == 0)
        #expect(ledger.remainingSats(weekly, at: Self.noon + 5 * 86_400) == 1_000)
        // Never renews: it counts forever.
        let never = NWCBudget(limitSats: 1_000, renewal: .never)
        #expect(ledger.remainingSats(never, at: Self.noon + 400 * 86_400) == 0)
    }

    @Test("pruning forgets settled spends of past periods, keeps pending ones")
    func prune() {
        var ledger = NWCBudgetLedger()
        _ = ledger.reserve(paymentHash: "a", requestID: "r1", sats: 10, budget: nil, at: Self.noon)
        _ = ledger.reserve(paymentHash: "b", requestID: "r2", sats: 10, budget: nil, at: Self.noon)
        ledger.settle(paymentHash: "a", spentSats: 10, preimage: "pp", feesPaidMsat: 0)
        ledger.prune(settledBefore: Self.noon + 1)
        #expect(ledger.spends.map(\.paymentHash) == ["b"])
    }

    @Test("the ledger survives JSON")
    func codable() throws {
        var ledger = NWCBudgetLedger()
        _ = ledger.reserve(paymentHash: "a", requestID: "r1", sats: 10, budget: nil, at: Self.noon)
        ledger.settle(paymentHash: "a", spentSats: 11, preimage: "pp", feesPaidMsat: 1_000)
        _ = ledger.reserve(paymentHash: "b", requestID: "r2", sats: 10, budget: nil, at: Self.noon)
        let data = try JSONEncoder().encode(ledger)
        #expect(try JSONDecoder().decode(NWCBudgetLedger.self, from: data) == ledger)
    }
}
