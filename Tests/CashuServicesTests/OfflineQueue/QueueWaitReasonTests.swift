// Tests of OfflineQueue/QueueWaitReason.swift and OfflineQueue.waitReason(of:): why a queued operation waits — its
// own last error, else that of the entry ahead of it at its mint, else "not started" — never a token.

import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Queue wait reason")
struct QueueWaitReasonTests {
    typealias F = QueueFixtures

    @Test func anEntryThatCouldNotReachItsMintSaysSo() async throws {
        let runner = ScriptedRunner()
        let queue = F.queue(runner: runner)
        let token = F.token(5)
        let entry = try await queue.enqueueReceive(token)
        runner.script(entry.id, .deferred(F.unreachable))
        guard case .queued(let queued) = try await queue.receiveOrQueue(F.token(6)) else {
            Issue.record("the second receive was not queued")
            return
        }
        let first = try #require(try await queue.entries().first { $0.id == entry.id })
        let own = await queue.waitReason(of: first)
        #expect(own.code == "mintUnreachable" && own.mintUnreachable)
        #expect(own.detail == F.unreachable.reason)
        #expect(!own.detail.contains(token))
        // The second was never tried: it waits behind the first, for the same reason.
        #expect(queued.attempts == 0 && queued.lastErrorCode == nil)
        #expect(QueueWaitReason(queued).code == QueueWaitReason.notStarted)
        let behind = await queue.waitReason(of: queued)
        #expect(behind == own)
    }

    @Test func aMintTheMonitorReportsDownIsTheReasonWithoutAnAttempt() async throws {
        let runner = ScriptedRunner()
        let monitor = ScriptedMonitor()
        monitor.set(F.mintA, ScriptedMonitor.down)
        let queue = F.queue(runner: runner, monitor: monitor)
        guard case .queued(let queued) = try await queue.receiveOrQueue(F.token(7)) else {
            Issue.record("the receive was not queued")
            return
        }
        #expect(runner.attempts.isEmpty)
        let reason = await queue.waitReason(of: queued)
        #expect(reason.code == "mintUnreachable")
        #expect(reason.detail == "the mint cannot be reached (scripted)")
    }

    @Test func aPendingEarlierOperationAndAFailureBeforeAnAttemptAreNamed() {
        let waiting = WalletError(.pending, "the earlier receive is still pending", operationID: .random())
        let operation = QueuedOperation(
            mintURL: F.mintA, kind: .melt, payload: [], lastErrorCode: waiting.code.rawValue,
            lastError: waiting.reason)
        let reason = QueueWaitReason(QueuedEntry(operation))
        #expect(reason.code == "pending" && !reason.mintUnreachable)
        #expect(reason.detail == "the earlier receive is still pending")
        let beforeAttempt = QueueWaitReason(F.unreachable)
        #expect(beforeAttempt.code == "mintUnreachable" && beforeAttempt.detail == F.unreachable.reason)
        let fresh = QueueWaitReason(QueuedEntry(QueuedOperation(mintURL: F.mintA, kind: .check, payload: [])))
        #expect(fresh.code == QueueWaitReason.notStarted && !fresh.detail.isEmpty)
    }
}
