// Engine tests: burning spendable proofs the mint says are spent (NUT-07), against a scripted mint.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: burn")
struct WalletBurnEngineTests {
    /// The wallet's spendable proofs.
    private func spendable(_ harness: EngineHarness) async throws -> [StoredProof] {
        try await harness.wallet.proofs(mint: harness.mint.url, statuses: [.unspent])
    }

    @Test("proofs the mint reports spent are marked spent with a history line; pending and unspent ones are kept")
    func burnsOnlySpent() async throws {
        let harness = try await EngineHarness.make(amount: 100)
        let held = try await spendable(harness).sorted { $0.amount > $1.amount }
        try #require(held.count >= 3)
        let (gone, pending) = (held[0], held[1])
        harness.mint.spend([gone.Y])
        harness.mint.markPending([pending.Y])

        let report = try await harness.wallet.burnSpent(mint: harness.mint.url)
        #expect(report.checked == held.count)
        #expect(report.pending == 1)
        #expect(report.burned.count == 1)
        #expect(report.burned.first?.kind == .burn && report.burned.first?.amount == gone.amount)
        #expect(try await harness.balance() == 100 - gone.amount)
        #expect(try await harness.amount(.spent) == gone.amount)
        let line = try #require(try await harness.history(report.burned.first?.id))
        #expect(line.kind == .burn && line.amount == gone.amount && line.state == .done && line.fee == 0)
        #expect(try await harness.wallet.activity().contains { $0.kind == .burn && $0.amount == gone.amount })

        // Nothing left to burn: a second pass changes nothing.
        let again = try await harness.wallet.burnSpent(mint: harness.mint.url)
        #expect(again.burned.isEmpty && again.checked == held.count - 1)
        #expect(try await harness.balance() == 100 - gone.amount)
    }

    @Test("an unreachable mint changes nothing and says so")
    func unreachableChangesNothing() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        harness.mint.spend(try await spendable(harness).map(\.Y))
        harness.mint.script(.checkState, .unreachable)
        let error = await harness.error { try await harness.wallet.burnSpent(mint: harness.mint.url) }
        #expect(error?.code == .mintUnreachable)
        #expect(try await harness.balance() == 64)
    }

    @Test("an unknown mint is refused; a wallet with nothing there checks nothing")
    func unknownAndEmpty() async throws {
        let harness = try await EngineHarness.make()
        let other = try MintURL("https://elsewhere.example")
        #expect(await harness.error { try await harness.wallet.burnSpent(mint: other) }?.code == .unknownMint)
        let report = try await harness.wallet.burnSpent(mint: harness.mint.url)
        #expect(report.checked == 0 && report.burned.isEmpty)
        #expect(harness.mint.count(.checkState) == 0)
    }

    @Test("a proof an operation reserved while the mint answered is not burned")
    func reservedMeanwhileIsKept() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        let held = try await spendable(harness)
        harness.mint.spend(held.map(\.Y))
        // The check is held; meanwhile the proofs are reserved (as a prepared operation would).
        let gate = AsyncGate()
        harness.mint.script(.checkState, .hold({ await gate.wait() }))
        let burning = Task { try await harness.wallet.burnSpent(mint: harness.mint.url) }
        while harness.mint.count(.checkState) == 0 { try await Task.sleep(for: .milliseconds(1)) }
        try await harness.store.write { tx in
            try tx.setStatus(.reserved, Ys: held.map(\.Y), operationID: OperationID.random())
        }
        gate.open()
        let report = try await burning.value
        #expect(report.burned.isEmpty)
        #expect(try await harness.amount(.reserved) == 64)
    }
}
