// Tests of OfflineQueue/WalletQueueRunner.swift and the queue against a real Nutshell mint: receives that already
// happened are reported once and never counted twice, refusals, melts and checks, two queues on one wallet file.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Offline queue with a real mint", .timeLimit(.minutes(5)))
struct OfflineQueueWalletTests {
    /// Wallet A, funded, and a token of `amount` it sends.
    static func sender(_ mint: TestMint, fund: UInt64 = 1000, send amount: UInt64) async throws
        -> (QueueTestWallet, String)
    {
        let sender = try await QueueTestWallet.open()
        try await sender.fund(fund, at: mint.url)
        let token = try await sender.wallet.send(amount: amount, mint: mint.url).token.serialized()
        return (sender, token)
    }

    @Test func receiveOrQueueReceivesAtOnceWhenTheMintAnswers() async throws {
        let mint = try await TestMint.shared
        let (sender, token) = try await Self.sender(mint, send: 300)
        let receiver = try await QueueTestWallet.open()
        let queue = OfflineQueue(wallet: receiver.wallet, store: receiver.store)
        guard case .done(let result) = try await queue.receiveOrQueue(token, addUnknownMint: true) else {
            Issue.record("not done")
            return
        }
        #expect(result.amount > 290 && result.amount + result.fee == 300)
        #expect(try await receiver.wallet.balance(mint: mint.url) == result.amount)
        #expect(try await receiver.balanceConfirmed(at: mint.url, client: receiver.client) == result.amount)
        #expect(try await queue.entries(states: Set(QueuedOperation.State.allCases)).map(\.state) == [.done])
        await sender.close()
        await receiver.close()
        sender.remove()
        receiver.remove()
    }

    /// The process died after the wallet had swapped the token and before the queue recorded it: the resumed entry
    /// gets `alreadySpent` from the mint, finds the receive in the history, and is done — counted once.
    @Test func aReceiveInterruptedAfterTheSwapIsDoneFromTheHistoryAndCountedOnce() async throws {
        let mint = try await TestMint.shared
        let (sender, token) = try await Self.sender(mint, send: 200)
        let receiver = try await QueueTestWallet.open()
        _ = try await receiver.wallet.addMint(mint.url)
        let queue = OfflineQueue(wallet: receiver.wallet, store: receiver.store)
        let entry = try await queue.enqueueReceive(token)
        // The interrupted attempt: marked running, then the wallet received the token, then the process died.
        try await receiver.store.write { tx in
            var running = try #require(try tx.queuedOperation(id: entry.id))
            running.state = .running
            running.attempts = 1
            running.updatedAt = Date()
            try tx.updateQueuedOperation(running)
        }
        let received = try await receiver.wallet.receive(token)
        let balance = try await receiver.wallet.balance(mint: mint.url)

        let restarted = OfflineQueue(wallet: receiver.wallet, store: receiver.store)
        let report = await restarted.runPending()
        #expect(report.completed.map(\.id) == [entry.id])
        let done = try #require(report.completed.first?.result)
        #expect(done.foundInHistory && done.amount == received.amount && done.operationIDs == received.operationIDs)
        #expect(try await receiver.wallet.balance(mint: mint.url) == balance)
        #expect(try await receiver.balanceConfirmed(at: mint.url, client: receiver.client) == balance)
        #expect(try await receiver.wallet.history().filter { $0.kind == .receive && $0.state == .done }.count == 1)
        await sender.close()
        await receiver.close()
        sender.remove()
        receiver.remove()
    }

    /// An interrupted attempt left the receive open in the wallet's journal and recovery cannot finish it yet (the
    /// swap's answer keeps getting lost): the queue waits for that operation instead of receiving again, and
    /// reports it once recovery settles it.
    @Test func aReceiveLeftOpenIsWaitedForNotRepeated() async throws {
        let mint = try await TestMint.shared
        let (sender, token) = try await Self.sender(mint, send: 150)
        let fault = FaultSwitch()
        let receiver = try await QueueTestWallet.open(fault: fault)
        _ = try await receiver.wallet.addMint(mint.url)
        let queue = OfflineQueue(wallet: receiver.wallet, store: receiver.store)
        let entry = try await queue.enqueueReceive(token)
        try await receiver.store.write { tx in
            var running = try #require(try tx.queuedOperation(id: entry.id))
            running.state = .running
            running.attempts = 1
            try tx.updateQueuedOperation(running)
        }
        fault.set(true)
        var open: OperationID?
        do { _ = try await receiver.wallet.receive(token) } catch { open = error.operationID }
        let operation = try #require(open)

        let waiting = await queue.runPending()
        #expect(waiting.stillQueued.map(\.id) == [entry.id])
        let stored = try await #require(try receiver.store.read { tx in try tx.queuedOperation(id: entry.id) })
        #expect(stored.state == .queued && stored.operationID == operation && stored.lastErrorCode == "pending")
        #expect(try await receiver.wallet.history().filter { $0.kind == .receive }.count == 1)

        fault.set(false)
        let report = await queue.runPending()
        let done = try #require(report.completed.first?.result)
        #expect(done.operationIDs == [operation] && done.foundInHistory && done.amount > 140)
        #expect(try await receiver.wallet.balance(mint: mint.url) == done.amount)
        #expect(try await receiver.balanceConfirmed(at: mint.url, client: receiver.client) == done.amount)
        #expect(try await receiver.wallet.history().filter { $0.kind == .receive }.map(\.state) == [.done])
        await sender.close()
        await receiver.close()
        sender.remove()
        receiver.remove()
    }

    /// A token someone else claimed first is a definite refusal: thrown, nothing credited, nothing queued.
    @Test func aTokenSpentBySomeoneElseIsRefused() async throws {
        let mint = try await TestMint.shared
        let (sender, token) = try await Self.sender(mint, send: 100)
        let thief = try await QueueTestWallet.open()
        _ = try await thief.wallet.addMint(mint.url)
        _ = try await thief.wallet.receive(token)
        let receiver = try await QueueTestWallet.open()
        _ = try await receiver.wallet.addMint(mint.url)
        let queue = OfflineQueue(wallet: receiver.wallet, store: receiver.store)
        do {
            _ = try await queue.receiveOrQueue(token)
            Issue.record("received a spent token")
        } catch {
            #expect(error.code == .alreadySpent)
        }
        #expect(try await receiver.wallet.balance() == 0)
        #expect(try await queue.entries(states: Set(QueuedOperation.State.allCases)).isEmpty)
        for wallet in [sender, thief, receiver] {
            await wallet.close()
            wallet.remove()
        }
    }

    @Test func aQueuedMeltPaysOnceAndAQueuedCheckRuns() async throws {
        let mint = try await TestMint.shared
        let payer = try await QueueTestWallet.open()
        try await payer.fund(500, at: mint.url)
        let queue = OfflineQueue(wallet: payer.wallet, store: payer.store)
        let invoice = try await TestMint.externalInvoice(amount: 100)
        let melt = try await queue.enqueueMelt(request: invoice, mint: mint.url)
        let check = try await queue.enqueueCheck(mint: mint.url)
        let report = await queue.runPending()
        #expect(report.completed.map(\.id) == [melt.id, check.id])
        let paid = try #require(report.completed.first?.result)
        #expect(paid.amount == 100 && paid.operationIDs.count == 1)
        // FakeWallet answers an invoice it did not make with a placeholder preimage: paid, but no proof of payment.
        #expect(paid.proofOfPayment == .mismatch)
        let balance = try await payer.wallet.balance(mint: mint.url)
        #expect(balance == 500 - 100 - paid.fee)
        await queue.runPending()
        #expect(try await payer.wallet.balance(mint: mint.url) == balance)
        #expect(try await payer.balanceConfirmed(at: mint.url, client: payer.client) == balance)
        await payer.close()
        payer.remove()
    }

    /// Two queues on one wallet file (the CLI and the refresh timer) running together: each entry runs once.
    @Test func twoQueuesOnOneWalletFileRunEachEntryOnce() async throws {
        let mint = try await TestMint.shared
        let sender = try await QueueTestWallet.open()
        try await sender.fund(1000, at: mint.url)
        var tokens: [String] = []
        for amount: UInt64 in [50, 60, 70] {
            tokens.append(try await sender.wallet.send(amount: amount, mint: mint.url).token.serialized())
        }
        let first = try await QueueTestWallet.open()
        _ = try await first.wallet.addMint(mint.url)
        let second = try await QueueTestWallet.open(directory: first.directory)
        let queues = [
            OfflineQueue(wallet: first.wallet, store: first.store),
            OfflineQueue(wallet: second.wallet, store: second.store),
        ]
        for token in tokens { try await queues[0].enqueueReceive(token) }
        let reports = await withTaskGroup(of: QueueRunReport.self) { group in
            for queue in queues { group.addTask { await queue.runPending() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let completed = reports.flatMap(\.completed)
        #expect(completed.count == 3 && Set(completed.map(\.id)).count == 3)
        #expect(reports.flatMap(\.failed).isEmpty)
        let done = try await queues[0].entries(states: [.done])
        let credited = done.compactMap(\.result).reduce(0) { $0 + $1.amount }
        #expect(done.count == 3 && done.allSatisfy { $0.attempts == 1 })
        #expect(try await first.wallet.balance(mint: mint.url) == credited)
        #expect(try await first.balanceConfirmed(at: mint.url, client: first.client) == credited)
        for wallet in [sender, first, second] { await wallet.close() }
        sender.remove()
        first.remove()
    }
}
