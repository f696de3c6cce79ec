// Engine tests: paying a melt quote (NUT-05, NUT-08 change) against a scripted mint, and recovery of each ending.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: melt")
struct WalletMeltEngineTests {
    @Test("a paid melt returns the unused fee reserve as change and verifies the preimage")
    func paidWithChange() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        let result = try await harness.wallet.melt(quoteID: quote.id)
        #expect(result.state == .paid)
        #expect(result.amount == 50)
        #expect(try await harness.balance() + 50 + result.fee == 128)
        #expect(harness.mint.count(.melt) == 1)
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("a lost answer is pending with the proofs held; recovery learns it was paid, once")
    func lostAnswerRecovered() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.script(.melt, .lostAnswer())
        let error = await harness.error { try await harness.wallet.melt(quoteID: quote.id) }
        #expect(error?.code == .pending)
        await #expect(try harness.amount(.pending) > 0)
        _ = await harness.wallet.recover()
        await #expect(try harness.openOperations().isEmpty)
        await #expect(try harness.amount(.pending) == 0)
        #expect(harness.mint.meltQuoteState(quote.id) == .paid)
        #expect(try await harness.history(error?.operationID)?.state == .done)
        #expect(try await harness.balance() + 50 <= 128)
    }

    @Test("paying the same quote again after a lost answer resolves the first payment instead of paying twice")
    func payAgainResolves() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.script(.melt, .lostAnswer())
        let first = await harness.error { try await harness.wallet.melt(quoteID: quote.id) }
        let second = try await harness.wallet.melt(quoteID: quote.id)
        #expect(second.operationID == first?.operationID)
        #expect(second.state == .paid)
        #expect(harness.mint.count(.melt) == 1)
    }

    @Test("PENDING at the mint keeps the proofs pending; a check settles it paid")
    func pendingThenPaid() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.setMeltBehaviour(.pending, quote: quote.id)
        let result = try await harness.wallet.melt(quoteID: quote.id, preferAsync: true)
        #expect(result.state == .pending)
        await #expect(try harness.operation(result.operationID)?.state == .pending)
        #expect(harness.mint.settlePendingMelt(quote: quote.id, paid: true))
        let report = try await harness.wallet.check()
        #expect(report.settledMelts == [result.operationID])
        await #expect(try harness.openOperations().isEmpty)
        await #expect(try harness.amount(.pending) == 0)
    }

    @Test("PENDING, then the payment fails: recovery releases the proofs")
    func pendingThenFailed() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.setMeltBehaviour(.pending, quote: quote.id)
        let result = try await harness.wallet.melt(quoteID: quote.id)
        #expect(harness.mint.settlePendingMelt(quote: quote.id, paid: false))
        let report = await harness.wallet.recover()
        #expect(report.resolved == [result.operationID])
        #expect(try await harness.balance() == 128)
        #expect(try await harness.history(result.operationID)?.state == .failed)
    }

    @Test("a melt the mint keeps PENDING through recovery stays unresolved, never sent again")
    func pendingStaysPending() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.setMeltBehaviour(.pending, quote: quote.id)
        let result = try await harness.wallet.melt(quoteID: quote.id)
        let report = await harness.wallet.recover()
        #expect(report.unresolved.map(\.0) == [result.operationID])
        #expect(harness.mint.count(.melt) == 1)
    }

    @Test("waitForMelt settles a pending payment once the mint pays it")
    func waitForMelt() async throws {
        let harness = try await EngineHarness.make(
            amount: 128, options: WalletOptions(pollInterval: .milliseconds(10)))
        let quote = try await harness.meltQuote(50)
        harness.mint.setMeltBehaviour(.pending, quote: quote.id)
        _ = try await harness.wallet.melt(quoteID: quote.id, preferAsync: true)
        let settle = Task {
            try await Task.sleep(for: .milliseconds(30))
            return harness.mint.settlePendingMelt(quote: quote.id, paid: true)
        }
        let result = try await harness.wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(5))
        #expect(try await settle.value)
        #expect(result.state == .paid)
    }

    @Test("a failed payment (UNPAID) releases the proofs and reports the refusal")
    func unpaidReleases() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.setMeltBehaviour(.fail, quote: quote.id)
        let error = await harness.error { try await harness.wallet.melt(quoteID: quote.id) }
        #expect(error?.code == .mintRefused)
        #expect(try await harness.balance() == 128)
        #expect(harness.mint.meltQuoteState(quote.id) == .unpaid)
    }

    @Test("an unreachable mint releases the proofs at once; nothing was paid")
    func unreachableReleases() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.script(.melt, .unreachable)
        let error = await harness.error { try await harness.wallet.melt(quoteID: quote.id) }
        #expect(error?.code == .mintUnreachable)
        #expect(error?.operationID == nil)
        #expect(try await harness.balance() == 128)
        #expect(try await harness.wallet.meltQuotes().first { $0.id == quote.id }?.state == .unpaid)
    }

    @Test("a refusal for good (quote expired): refused without an operation id, proofs released, history failed")
    func refusedForGood() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.script(.melt, .refuse(code: MintError.KnownCode.quoteExpired.rawValue))
        let error = await harness.error { try await harness.wallet.melt(quoteID: quote.id) }
        #expect(error?.code == .mintRefused)
        #expect(error?.mintError?.known == .quoteExpired)
        #expect(error?.operationID == nil)
        #expect(try await harness.balance() == 128)
    }

    @Test(
        "a refused payment whose check fails too is pending, proofs held; recovery pays exactly once",
        arguments: [ScriptedEndpoint.meltQuoteState, .checkState])
    func refusedWriteAndRead(_ check: ScriptedEndpoint) async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.script(.melt, .refuse(code: 0))
        harness.mint.script(check, .refuse(code: 0))
        let error = await harness.error { try await harness.wallet.melt(quoteID: quote.id) }
        #expect(error?.code == .pending)
        #expect(error?.operationID != nil)
        await #expect(try harness.amount(.pending) > 0)
        _ = await harness.wallet.recover()
        #expect(harness.mint.count(.melt) == 2)
        #expect(harness.mint.meltQuoteState(quote.id) == .paid)
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("a refusal after the mint paid (code 0) is settled as paid, not reported as refused")
    func refusedAfterPaying() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.meltQuote(50)
        harness.mint.script(.melt, .processThenRefuse(code: 0))
        let result = try await harness.wallet.melt(quoteID: quote.id)
        #expect(result.state == .paid)
        await #expect(try harness.amount(.pending) == 0)
    }

    @Test("a melt that needs an exact amount swaps first; a lost swap answer says nothing was paid")
    func preparingSwapLost() async throws {
        // One proof of 128 (no small denominations kept): 37 + fee reserve cannot be paid without a swap.
        let harness = try await EngineHarness.make(
            amount: 128, options: WalletOptions(targetProofsPerDenomination: 0))
        let quote = try await harness.meltQuote(37)
        harness.mint.script(.swap, .lostAnswer())
        let error = await harness.error { try await harness.wallet.melt(quoteID: quote.id) }
        #expect(error?.code == .pending)
        #expect(error?.reason.hasPrefix("nothing was paid") == true)
        #expect(harness.mint.count(.melt) == 0)
        _ = await harness.wallet.recover()
        #expect(try await harness.wallet.melt(quoteID: quote.id).state == .paid)
        #expect(harness.mint.count(.melt) == 1)
    }

    @Test("not enough funds: nothing journaled, nothing sent")
    func insufficientFunds() async throws {
        let harness = try await EngineHarness.make(amount: 16)
        let quote = try await harness.meltQuote(50)
        #expect(await harness.error { try await harness.wallet.melt(quoteID: quote.id) }?.code == .insufficientFunds)
        await #expect(try harness.openOperations().isEmpty)
        #expect(harness.mint.count(.melt) == 0)
    }
}
