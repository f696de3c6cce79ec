// Engine tests: what the Wallet actor's executors do around the sagas — store failures after the mint acted, the
// order of the steps crash tests kill at.

import CashuEngineTestSupport
@_spi(Testing) @testable import CashuEngine
import Testing

@Suite("Wallet engine: executors")
struct WalletExecutorEngineTests {
    /// A wallet on a store that can fail, funded with `amount`.
    private func wallet(_ mint: ScriptedMint, store: FailingStore, amount: UInt64 = 0) async throws -> Wallet {
        let wallet = try await Wallet.open(
            store: store, secureStore: InMemorySecureStore(), connectorFactory: ScriptedWallet.connectorFactory([mint]))
        try await wallet.addMint(mint.url)
        if amount > 0 { try await ScriptedWallet.fund(wallet, at: mint, amount: amount) }
        return wallet
    }

    @Test("the mint answered but the settlement cannot be stored: pending with the id; recovery settles it")
    func settleWriteFails() async throws {
        let mint = ScriptedMint()
        let store = FailingStore()
        let wallet = try await wallet(mint, store: store)
        let token = mint.token(amounts: [8, 4])
        let hook = StepRecorder()
        await wallet.setStepHook { step, _ in hook.record(step) }
        hook.onAnswered = { store.failNextWrites(1) }
        do {
            _ = try await wallet.receive(token: token)
            Issue.record("expected pending")
        } catch {
            #expect(error.code == .pending)
            #expect(error.operationID != nil)
        }
        #expect(try await wallet.balance() == 0)
        _ = await wallet.recover()
        #expect(try await wallet.balance() == 12)
    }

    @Test("an unreachable payment whose release cannot be stored is pending, and recovery pays it exactly once")
    func meltCloseWriteFails() async throws {
        let mint = ScriptedMint()
        let store = FailingStore()
        let wallet = try await wallet(mint, store: store, amount: 128)
        let quote = try await wallet.meltQuote(request: mint.makeInvoice(amount: 40), mint: mint.url)
        mint.script(.melt, .unreachable)
        let hook = StepRecorder()
        await wallet.setStepHook { step, kind in if kind == .melt { hook.record(step) } }
        hook.onJournaled = { store.failNextWrites(1) }
        do {
            _ = try await wallet.melt(quoteID: quote.id)
            Issue.record("expected pending")
        } catch {
            #expect(error.code == .pending)
            #expect(error.operationID != nil)
        }
        _ = await wallet.recover()
        #expect(mint.meltQuoteState(quote.id) == .paid)
        #expect(mint.count(.melt) == 2)
    }

    @Test("a send goes through planned, held (prepared), journaled, answered, settled, in that order")
    func sendSteps() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        let hook = StepRecorder()
        await harness.wallet.setStepHook { step, _ in hook.record(step) }
        _ = try await harness.wallet.send(amount: 8, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        #expect(hook.steps == [.planned, .held, .journaled, .answered, .settled])
    }

    @Test("a mint and a melt each go through planned, journaled, answered, settled")
    func mintAndMeltSteps() async throws {
        let harness = try await EngineHarness.make()
        let hook = StepRecorder()
        await harness.wallet.setStepHook { step, kind in if kind != .swap { hook.record(step) } }
        try await ScriptedWallet.fund(harness.wallet, at: harness.mint, amount: 64)
        #expect(hook.steps == [.planned, .journaled, .answered, .settled])
        hook.reset()
        _ = try await harness.wallet.melt(quoteID: try await harness.meltQuote(8).id)
        #expect(hook.steps == [.planned, .journaled, .answered, .settled])
    }

    @Test("a refused receive that NUT-07 shows did not happen reaches no 'answered' or 'settled' step")
    func refusedSteps() async throws {
        let harness = try await EngineHarness.make()
        let hook = StepRecorder()
        await harness.wallet.setStepHook { step, _ in hook.record(step) }
        harness.mint.script(.swap, .refuse(code: 0))
        _ = await harness.error { try await harness.wallet.receive(token: harness.mint.token(amounts: [2])) }
        #expect(hook.steps == [.planned, .journaled])
    }
}

/// Records the steps a wallet reports, and runs a test's action at one of them.
final class StepRecorder: Sendable {
    typealias Action = @Sendable () -> Void
    private let state = Locked<(steps: [WalletStep], answered: Action?, journaled: Action?)>(([], nil, nil))

    var steps: [WalletStep] { state.withLock { $0.steps } }

    var onAnswered: (@Sendable () -> Void)? {
        get { state.withLock { $0.answered } }
        set { state.withLock { $0.answered = newValue } }
    }

    var onJournaled: (@Sendable () -> Void)? {
        get { state.withLock { $0.journaled } }
        set { state.withLock { $0.journaled = newValue } }
    }

    func record(_ step: WalletStep) {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            state.steps.append(step)
            switch step {
            case .answered: return state.answered
            case .journaled: return state.journaled
            default: return nil
            }
        }
        action?()
    }

    func reset() {
        state.withLock { $0.steps = [] }
    }
}
