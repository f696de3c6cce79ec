// Tests of OfflineQueue/OfflineQueue*.swift with an in-memory store and a scripted runner: order per mint,
// exactly-once (marked running first, resumed after an interruption, never twice), leases, decisions, completions.

import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Offline queue")
struct OfflineQueueTests {
    typealias F = QueueFixtures

    @Test func entriesOfOneMintRunInOrderAndWaitBehindOneThatCannotRun() async throws {
        let runner = ScriptedRunner()
        let queue = F.queue(runner: runner)
        let a1 = try await queue.enqueueReceive(F.token(1))
        let b1 = try await queue.enqueueReceive(F.token(2, mint: F.mintB))
        let a2 = try await queue.enqueueReceive(F.token(3))
        runner.script(a1.id, .deferred(F.unreachable))

        let first = await queue.runPending()
        #expect(runner.attempts.map(\.entry.id) == [a1.id, b1.id])
        #expect(first.completed.map(\.id) == [b1.id])
        #expect(Set(first.stillQueued.map(\.id)) == [a1.id, a2.id])

        let second = await queue.runPending()
        #expect(runner.attempts.map(\.entry.id) == [a1.id, b1.id, a1.id, a2.id])
        #expect(second.completed.map(\.id) == [a1.id, a2.id])
        #expect(try await queue.entries().isEmpty)
        let done = try await queue.entries(states: [.done])
        #expect(done.map(\.id) == [a1.id, b1.id, a2.id])
        #expect(done.first { $0.id == a1.id }?.attempts == 2)
    }

    @Test func aDoneEntryNeverRunsAgainAndKeepsNoSecret() async throws {
        let runner = ScriptedRunner()
        let store = InMemoryWalletStore()
        let queue = F.queue(store: store, runner: runner)
        let entry = try await queue.enqueueReceive(F.token(21))
        let result = QueuedOperationResult(amount: 20, fee: 1, operationIDs: [.random()])
        runner.script(entry.id, .completed(result))
        await queue.runPending()
        await queue.runPending()
        await queue.runPending(mint: F.mintA)
        #expect(runner.attempts(of: entry.id).count == 1)
        let stored = try await #require(try store.read { tx in try tx.queuedOperation(id: entry.id) })
        #expect(stored.state == .done && stored.payload.isEmpty)
        #expect(stored.operationID == result.operationIDs.first)
        #expect(try await queue.entries(states: [.done]).first?.result == result)
    }

    /// An entry left `running` by a process that died is resumed — after the wallet's recovery, told when the
    /// interrupted attempt began — and counted as a new attempt.
    @Test func anInterruptedEntryIsResumedAfterRecovery() async throws {
        let runner = ScriptedRunner()
        let store = InMemoryWalletStore()
        let queue = F.queue(store: store, runner: runner)
        let entry = try await queue.enqueueReceive(F.token())
        let startedAt = Date(timeIntervalSinceNow: -5)
        try await store.write { tx in
            var running = try #require(try tx.queuedOperation(id: entry.id))
            running.state = .running
            running.attempts = 1
            running.updatedAt = startedAt
            try tx.updateQueuedOperation(running)
        }
        await queue.runPending()
        #expect(runner.recoveries == 1)
        let attempt = try #require(runner.attempts.first)
        #expect(attempt.interruptedAt == startedAt)
        #expect(attempt.entry.attempts == 2 && attempt.entry.state == .running)
        await #expect(try store.read { tx in try tx.queuedOperation(id: entry.id) }?.state == .done)
    }

    /// The entry is marked running (attempt counted) in the store before the runner is called.
    @Test func anEntryIsMarkedRunningBeforeItRuns() async throws {
        let runner = ScriptedRunner()
        // The runner holds the attempt for 3 s, so the store is read while it runs even on a starved machine.
        runner.setDelay(.seconds(3))
        let store = InMemoryWalletStore()
        let queue = F.queue(store: store, runner: runner)
        let entry = try await queue.enqueueReceive(F.token())
        let pass = Task { await queue.runPending() }
        var seen: QueuedOperation?
        for _ in 0..<2000 where runner.attempts.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        seen = try await store.read { tx in try tx.queuedOperation(id: entry.id) }
        #expect(seen?.state == .running && seen?.attempts == 1)
        _ = await pass.value
    }

    @Test func anEntryLeasedElsewhereIsNotRunNorAnyBehindIt() async throws {
        let runner = ScriptedRunner()
        let store = InMemoryWalletStore()
        let queue = F.queue(store: store, runner: runner)
        let first = try await queue.enqueueReceive(F.token(1))
        let second = try await queue.enqueueReceive(F.token(2))
        let other = try await queue.enqueueReceive(F.token(3, mint: F.mintB))
        let lease = try #require(try store.operationLeases.acquire(OfflineQueue.leaseID(first.id)))
        let report = await queue.runPending()
        #expect(report.runningElsewhere.map(\.id) == [first.id])
        #expect(report.stillQueued.map(\.id) == [second.id])
        #expect(runner.attempts.map(\.entry.id) == [other.id])
        await #expect(throws: WalletError.self) { _ = try await queue.remove(first.id) }
        lease.release()
        await queue.runPending()
        #expect(runner.attempts.map(\.entry.id) == [other.id, first.id, second.id])
    }

    /// An ambiguous outcome keeps the entry queued with the wallet operation it waits on, and the next attempt
    /// (after recovery) is given that operation instead of starting blind.
    @Test func aWaitingEntryRemembersItsOperation() async throws {
        let runner = ScriptedRunner()
        let queue = F.queue(runner: runner)
        let entry = try await queue.enqueueReceive(F.token())
        let operation = OperationID.random()
        runner.script(entry.id, .waiting(operation, WalletError(.pending, "no answer", operationID: operation)))
        let report = await queue.runPending()
        #expect(report.stillQueued.map(\.id) == [entry.id])
        let queued = try #require(try await queue.entries().first)
        #expect(queued.lastErrorCode == "pending")
        #expect(runner.recoveries == 0)
        await queue.runPending()
        #expect(runner.recoveries == 1)
        #expect(runner.attempts.last?.entry.operationID == operation)
    }

    @Test func aRefusedEntryFailsKeepsItsTokenAndIsPublished() async throws {
        let runner = ScriptedRunner()
        let store = InMemoryWalletStore()
        let queue = F.queue(store: store, runner: runner)
        let completions = await queue.completions()
        let token = F.token(64)
        let entry = try await queue.enqueueReceive(token)
        runner.script(entry.id, .failed(WalletError(.alreadySpent, "the proofs were spent elsewhere")))
        let report = await queue.runPending()
        #expect(report.failed.map(\.id) == [entry.id])
        let stored = try await #require(try store.read { tx in try tx.queuedOperation(id: entry.id) })
        #expect(stored.state == .failed && stored.lastErrorCode == "alreadySpent")
        if case .receive(let kept, _) = try QueuedRequest.decode(stored.payload) { #expect(kept == token) }
        let completion = await completions.first(within: .seconds(30)) { $0.entry.id == entry.id }
        if case .failed(let error)? = completion?.outcome {
            #expect(error.code == .alreadySpent)
        } else {
            Issue.record("no failure published")
        }
        #expect(completion?.entry.amount == nil || completion?.entry.amount == 64)
        #expect(try await queue.remove(entry.id))
        #expect(try await queue.entries(states: [.failed]).isEmpty)
    }

    @Test func aCompletionIsAlsoToldAsAWalletEvent() async throws {
        let runner = ScriptedRunner()
        let queue = F.queue(runner: runner)
        let hub = WalletEvents()
        let events = hub.subscribe()
        await queue.tellEvents(to: hub)
        let entry = try await queue.enqueueReceive(F.token(64))
        runner.script(entry.id, .failed(WalletError(.alreadySpent, "the proofs were spent elsewhere")))
        _ = await queue.runPending()
        var told: WalletEvent?
        for await event in events {
            told = event
            break
        }
        #expect(told == .queuedWorkFinished(mint: entry.mintURL, entry: entry.id, operation: nil, done: false))
    }

    @Test func aMeltsQuoteSurvivesADeferredAttempt() async throws {
        let runner = ScriptedRunner()
        let queue = F.queue(runner: runner)
        let entry = try await queue.enqueueMelt(request: "lnbc1fake", mint: F.mintA)
        runner.save(entry.id, .melt(request: "lnbc1fake", unit: .sat, quoteID: "quote-1"))
        runner.script(entry.id, .deferred(F.unreachable))
        await queue.runPending()
        await queue.runPending()
        let attempts = runner.attempts(of: entry.id)
        #expect(attempts.count == 2)
        if case .melt(_, _, let quote) = attempts[0].request { #expect(quote == nil) }
        if case .melt(_, _, let quote) = attempts[1].request {
            #expect(quote == "quote-1")
        } else {
            Issue.record("not a melt")
        }
    }

    /// Many passes at once (the timer, a reachability change, a CLI call) run each entry once.
    @Test func concurrentPassesRunEachEntryOnce() async throws {
        let runner = ScriptedRunner()
        runner.setDelay(.milliseconds(20))
        let queue = F.queue(runner: runner)
        var ids: [OperationID] = []
        for index in 0..<6 {
            ids.append(
                try await queue.enqueueReceive(F.token(UInt64(index + 1), mint: index % 2 == 0 ? F.mintA : F.mintB)).id
            )
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { await queue.runPending() } }
        }
        #expect(runner.attempts.count == 6)
        #expect(Set(runner.attempts.map(\.entry.id)) == Set(ids))
    }

    @Test func receiveOrQueueReturnsTheResultWhenTheMintAnswers() async throws {
        let runner = ScriptedRunner()
        let queue = F.queue(runner: runner)
        let decision = try await queue.receiveOrQueue(F.token(100))
        guard case .done(let result) = decision else { Issue.record("not done: \(decision)"); return }
        #expect(result.amount == 1)
        #expect(try await queue.entries().isEmpty)
    }

    @Test func receiveOrQueueQueuesWhenTheMintIsUnreachable() async throws {
        let runner = ScriptedRunner()
        let monitor = ScriptedMonitor()
        let queue = F.queue(runner: runner, monitor: monitor)
        // The attempt finds the mint unreachable: queued.
        runner.setFallback(.deferred(F.unreachable))
        guard case .queued(let first) = try await queue.receiveOrQueue(F.token(100)) else {
            Issue.record("not queued")
            return
        }
        #expect(first.lastErrorCode == "mintUnreachable" && first.attempts == 1)
        #expect(runner.attempts.count == 1)
        // The monitor knows: queued without a try.
        monitor.set(F.mintA, ScriptedMonitor.down)
        guard case .queued(let second) = try await queue.receiveOrQueue(F.token(50)) else {
            Issue.record("not queued")
            return
        }
        #expect(second.amount == 50 && second.kind == .receive && second.state == .queued && second.attempts == 0)
        #expect(runner.attempts.count == 1)
        for _ in 0..<100 where !monitor.watched.contains(F.mintA) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(monitor.watched.contains(F.mintA))
        #expect(try await queue.entries().map(\.id) == [first.id, second.id])
    }

    /// A refusal on the immediate attempt is thrown with its own code, and nothing stays queued or is published.
    @Test func receiveOrQueueThrowsADefiniteRefusalAndKeepsNothing() async throws {
        let runner = ScriptedRunner()
        let queue = F.queue(runner: runner)
        let completions = await queue.completions()
        let pending = try await queue.enqueueReceive(F.token(5, mint: F.mintB))
        runner.script(pending.id, .deferred(F.unreachable))
        runner.setFallback(.failed(WalletError(.alreadySpent, "the proofs were spent elsewhere")))
        do {
            _ = try await queue.receiveOrQueue(F.token())
            Issue.record("no error")
        } catch {
            #expect(error.code == .alreadySpent)
        }
        await #expect(throws: WalletError.self) { _ = try await queue.receiveOrQueue("not a token") }
        #expect(try await queue.entries(states: Set(QueuedOperation.State.allCases)).map(\.id) == [pending.id])
        await queue.stop()
        for await completion in completions { Issue.record("published \(completion.entry.id)") }
    }

    @Test func aDeferredReceiveOrQueueIsQueuedAndRunsWhenTheMintComesBack() async throws {
        let runner = ScriptedRunner()
        let monitor = ScriptedMonitor()
        let queue = F.queue(runner: runner, monitor: monitor)
        monitor.set(F.mintA, ScriptedMonitor.down)
        let decision = try await queue.receiveOrQueue(F.token(300))
        guard case .queued(let entry) = decision else { Issue.record("not queued"); return }
        let completions = await queue.completions()
        await queue.start()
        monitor.set(F.mintA, .reachable)
        let completion = await completions.first(within: .seconds(30)) { $0.entry.id == entry.id }
        if case .completed? = completion?.outcome {
        } else {
            Issue.record("no completion: \(String(describing: completion))")
        }
        #expect(runner.attempts(of: entry.id).count == 1)
        await queue.stop()
    }

    @Test func anUnreadablePayloadFailsTheEntry() async throws {
        let runner = ScriptedRunner()
        let store = InMemoryWalletStore()
        let queue = F.queue(store: store, runner: runner)
        let broken = QueuedOperation(mintURL: F.mintA, kind: .receive, payload: Array("{".utf8))
        try await store.write { tx in try tx.insertQueuedOperation(broken) }
        let report = await queue.runPending()
        #expect(report.failed.map(\.id) == [broken.id])
        #expect(runner.attempts.isEmpty)
    }
}
