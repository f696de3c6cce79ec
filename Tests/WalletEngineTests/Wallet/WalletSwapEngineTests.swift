// Engine tests: swaps (NUT-03) behind send, receive and reclaim against a scripted mint, and recovery of each.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: swap")
struct WalletSwapEngineTests {
    /// Sends always swap, so every send here journals a swap.
    let swapping = SendOptions(preferOffline: false)

    @Test("a send swaps, keeps the change and leaves its token pending until claimed")
    func sendSwaps() async throws {
        let harness = try await EngineHarness.make(amount: 100)
        let sent = try await harness.wallet.send(amount: 30, mint: harness.mint.url, options: swapping)
        #expect(sent.swapped)
        #expect(try await harness.balance() == 70)
        await #expect(try harness.amount(.sent) == 30)
        #expect(try await harness.wallet.pendingSends().map(\.operationID) == [sent.operationID])
    }

    @Test("a send whose answer was lost is pending; recovery keeps the outputs, as a swap that sent nothing")
    func lostSendBecomesSwap() async throws {
        let harness = try await EngineHarness.make(amount: 100)
        harness.mint.script(.swap, .lostAnswer())
        let error = await harness.error {
            try await harness.wallet.send(amount: 30, mint: harness.mint.url, options: swapping)
        }
        #expect(error?.code == .pending)
        #expect(try await harness.balance() < 100)
        let report = await harness.wallet.recover()
        #expect(report.resolved.count == 1)
        #expect(try await harness.balance() == 100)
        #expect(try await harness.wallet.pendingSends().isEmpty)
        #expect(try await harness.history(error?.operationID)?.amount == 0)
    }

    @Test("a locked send whose answer was lost stays a send: its token can still be handed over")
    func lostLockedSendStaysSend() async throws {
        let harness = try await EngineHarness.make(amount: 100)
        let receiver = Scalar.random().publicKey
        harness.mint.script(.swap, .lostAnswer())
        let options = SendOptions(lock: .p2pk(key: receiver))
        let error = await harness.error {
            try await harness.wallet.send(amount: 16, mint: harness.mint.url, options: options)
        }
        #expect(error?.code == .pending)
        _ = await harness.wallet.recover()
        let pending = try await harness.wallet.pendingSends()
        #expect(pending.map(\.operationID) == [error?.operationID].compactMap { $0 })
        #expect(pending.first?.amount == 16)
    }

    @Test("an unreachable mint on a send releases the reserved proofs at once")
    func unreachableSendReleases() async throws {
        let harness = try await EngineHarness.make(amount: 100)
        harness.mint.script(.swap, .unreachable)
        let error = await harness.error {
            try await harness.wallet.send(amount: 30, mint: harness.mint.url, options: swapping)
        }
        #expect(error?.code == .mintUnreachable)
        #expect(try await harness.balance() == 100)
        await #expect(try harness.amount(.reserved) == 0)
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("a receive whose answer was lost is pending; recovery credits it once")
    func lostReceiveRecovered() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [16, 4])
        harness.mint.script(.swap, .lostAnswer())
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .pending)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 20)
        #expect(harness.mint.count(.restore) == 1)
        #expect(try await harness.history(error?.operationID)?.state == .done)
    }

    @Test("a receive refused after the mint swapped (11001 on a replay) is settled from NUT-07 and NUT-09")
    func refusedAfterSwapSettles() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [8, 2])
        harness.mint.script(.swap, .processThenRefuse(code: MintError.KnownCode.proofsAlreadySpent.rawValue))
        let received = try await harness.wallet.receive(token: token)
        #expect(received.amount == 10)
        #expect(try await harness.balance() == 10)
        #expect(harness.mint.count(.checkState) == 1)
    }

    @Test("a refused receive the mint did not act on: inputs unspent, the refusal stands, the token still good")
    func refusedReceiveFails() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [8, 2])
        harness.mint.script(.swap, .refuse(code: 0))
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .mintRefused)
        await #expect(try harness.openOperations().isEmpty)
        #expect(try await harness.wallet.receive(token: token).amount == 10)
    }

    @Test("a refused receive whose NUT-07 check is refused too is pending; recovery receives it")
    func refusedWriteAndReadReceive() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [8, 2])
        harness.mint.script(.swap, .processThenRefuse(code: 0))
        harness.mint.script(.checkState, .refuse(code: 0))
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .pending)
        #expect(error?.mintError?.code == 0)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 10)
    }

    @Test("a refused receive whose NUT-07 check cannot reach the mint is pending")
    func refusedThenUnreachableCheck() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [4])
        harness.mint.script(.swap, .refuse(code: 0))
        harness.mint.script(.checkState, .unreachable)
        #expect(await harness.error { try await harness.wallet.receive(token: token) }?.code == .pending)
        _ = await harness.wallet.recover()
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("a token spent elsewhere before the receive: already spent, nothing credited")
    func spentElsewhere() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [4, 1])
        harness.mint.spend(try EngineHarness.Ys(token.proofs))
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .alreadySpent)
        #expect(try await harness.history(error?.operationID)?.state == .failed)
    }

    @Test("a token partly spent elsewhere: already spent (NUT-07 shows a mix), nothing credited")
    func partlySpentElsewhere() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [4, 1])
        harness.mint.spend(try EngineHarness.Ys(Array(token.proofs.prefix(1))))
        harness.mint.script(.swap, .refuse(code: 0))
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .alreadySpent)
        #expect(try await harness.balance() == 0)
    }

    @Test("a token whose inputs are pending at the mint: pending, nothing released or credited")
    func pendingInputs() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [4])
        harness.mint.markPending(try EngineHarness.Ys(token.proofs))
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .pending)
        harness.mint.markUnspent(try EngineHarness.Ys(token.proofs))
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 4)
    }

    @Test("inputs spent but none of our outputs restorable: spent elsewhere, the wallet's inputs marked spent")
    func spentWithoutOurOutputs() async throws {
        let harness = try await EngineHarness.make(amount: 32)
        let own = try await harness.wallet.proofs().map(\.proof)
        harness.mint.spend(try EngineHarness.Ys(own))
        let error = await harness.error {
            try await harness.wallet.send(amount: 8, mint: harness.mint.url, options: swapping)
        }
        #expect(error?.code == .alreadySpent)
        await #expect(try harness.amount(.reserved) == 0)
        #expect(try await harness.balance() < 32)
    }

    @Test("a reclaim whose answer was lost is recovered into the balance")
    func lostReclaimRecovered() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        let sent = try await harness.wallet.send(amount: 16, mint: harness.mint.url, options: swapping)
        harness.mint.script(.swap, .lostAnswer())
        #expect(await harness.error { try await harness.wallet.reclaim(sent.operationID) }?.code == .pending)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 64)
        #expect(try await harness.wallet.pendingSends().isEmpty)
    }

    @Test("a reclaim the mint refused puts the proofs back into the token, still reclaimable")
    func refusedReclaimBackToToken() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        let sent = try await harness.wallet.send(amount: 16, mint: harness.mint.url, options: swapping)
        harness.mint.script(.swap, .unreachable)
        #expect(await harness.error { try await harness.wallet.reclaim(sent.operationID) }?.code == .mintUnreachable)
        await #expect(try harness.amount(.sent) == 16)
        #expect(try await harness.wallet.reclaim(sent.operationID).amount == 16)
    }

    @Test("a reclaim after the receiver claimed the token: already spent")
    func reclaimAfterClaim() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        let sent = try await harness.wallet.send(amount: 16, mint: harness.mint.url, options: swapping)
        let friend = try await EngineHarness.make(mint: harness.mint)
        _ = try await friend.wallet.receive(token: sent.token)
        #expect(await harness.error { try await harness.wallet.reclaim(sent.operationID) }?.code == .alreadySpent)
    }

    @Test("receiving our own token back spends those proofs and marks the send as not gone out")
    func ownTokenBack() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        let sent = try await harness.wallet.send(amount: 16, mint: harness.mint.url, options: swapping)
        _ = try await harness.wallet.receive(token: sent.token)
        await #expect(try harness.amount(.sent) == 0)
        #expect(try await harness.balance() == 64)
        #expect(try await harness.history(sent.operationID)?.state == .failed)
    }

    @Test("recovery by another wallet on the store leaves an operation this wallet is executing alone")
    func siblingRecoveryLeavesItAlone() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        let sibling = try await harness.sibling()
        let reached = AsyncGate()
        let answer = AsyncGate()
        harness.mint.script(.swap, .hold {
            reached.open()
            await answer.wait()
        })
        async let sending = harness.wallet.send(amount: 16, mint: harness.mint.url, options: swapping)
        await reached.wait()
        let report = await sibling.recover()
        #expect(report.unresolved.first?.1.code == .pending)
        #expect(report.resolved.isEmpty)
        answer.open()
        #expect(try await sending.amount == 16)
        #expect(try await harness.balance() == 48)
    }
}
