// Engine tests: recovery passes (docs/architecture.md, "Sagas") — what they touch, skip, release and report.

import CashuEngineTestSupport
@testable import CashuEngine
import Foundation
import Testing

@Suite("Wallet engine: recovery")
struct WalletRecoveryEngineTests {
    /// Reserves the proofs at `Ys` for an operation `id` the journal does not hold: orphan reservations.
    static func reserveForMissingOperation(_ id: String, _ Ys: [CompressedPoint], in harness: EngineHarness)
        async throws
    {
        try await harness.store.write { tx in
            try tx.setStatus(.reserved, Ys: Ys, operationID: OperationID(rawValue: id))
        }
    }

    @Test("with nothing open, a recovery pass makes no request")
    func nothingOpenNoRequest() async throws {
        let harness = try await EngineHarness.make(amount: 32)
        harness.mint.clearRequests()
        let report = await harness.wallet.recover()
        #expect(report.resolved.isEmpty && report.unresolved.isEmpty)
        #expect(harness.mint.requests.isEmpty)
    }

    @Test("opening a wallet resumes what a previous run left open")
    func openResumes() async throws {
        let harness = try await EngineHarness.make()
        let quote = try await harness.wallet.requestMintQuote(amount: 32, mint: harness.mint.url)
        harness.mint.payMintQuote(quote.id)
        harness.mint.script(.mint, .lostAnswer())
        _ = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        let reopened = try await ScriptedWallet.open(
            mints: [harness.mint], store: harness.store, secureStore: harness.secureStore)
        #expect(try await reopened.balance() == 32)
    }

    @Test("reserved proofs whose operation is gone are released to the balance")
    func orphansReleased() async throws {
        let harness = try await EngineHarness.make(amount: 32)
        let proofs = try await harness.wallet.proofs()
        try await Self.reserveForMissingOperation("gone", proofs.prefix(2).map(\.Y), in: harness)
        #expect(try await harness.balance() < 32)
        let report = await harness.wallet.recover()
        #expect(report.releasedOrphans == 2)
        #expect(try await harness.balance() == 32)
    }

    @Test("opened without recovery, the pass right after opening releases orphans; a clean wallet's pass reads nothing")
    func recoveryAfterOpening() async throws {
        let harness = try await EngineHarness.make(amount: 32)
        let proofs = try await harness.wallet.proofs()
        try await Self.reserveForMissingOperation("gone", proofs.prefix(2).map(\.Y), in: harness)
        let reopened = try await ScriptedWallet.open(
            mints: [harness.mint], store: harness.store, secureStore: harness.secureStore, recover: false)
        #expect(try await reopened.balance() < 32)
        #expect(await reopened.recoverAfterOpening().releasedOrphans == 2)
        #expect(try await reopened.balance() == 32)

        let clean = try await ScriptedWallet.open(
            mints: [harness.mint], store: harness.store, secureStore: harness.secureStore, recover: false)
        try await Self.reserveForMissingOperation("later", proofs.prefix(1).map(\.Y), in: harness)
        // What the open's read found decides: nothing then, so nothing now (the next full pass releases it).
        #expect(await clean.recoverAfterOpening().releasedOrphans == 0)
        #expect(await clean.recoverAfterOpening().releasedOrphans == 1)
    }

    @Test("pending and sent proofs are never released as orphans")
    func pendingAndSentKept() async throws {
        let harness = try await EngineHarness.make(amount: 32)
        let proofs = try await harness.wallet.proofs()
        try await harness.store.write { tx in
            try tx.setStatus(.pending, Ys: [proofs[0].Y], operationID: nil)
            try tx.setStatus(.sent, Ys: [proofs[1].Y], operationID: nil)
        }
        #expect(await harness.wallet.recover().releasedOrphans == 0)
    }

    @Test("an open restore operation is closed: it journals no request to resume")
    func restoreClosed() async throws {
        let harness = try await EngineHarness.make()
        let id = OperationID(rawValue: "restore-left-open")
        try await harness.store.write { tx in
            try tx.insertOperation(
                OperationRecord(
                    id: id, kind: .restore, mintURL: harness.mint.url, unit: .sat, state: .prepared, payload: []))
        }
        let report = await harness.wallet.recover()
        #expect(report.resolved == [id])
        await #expect(try harness.operation(id)?.state == .failed)
    }

    @Test("an unreadable journal is reported unresolved and left as it is")
    func unreadableJournal() async throws {
        let harness = try await EngineHarness.make()
        let id = OperationID(rawValue: "broken-journal")
        try await harness.store.write { tx in
            try tx.insertOperation(
                OperationRecord(
                    id: id, kind: .swap, mintURL: harness.mint.url, unit: .sat, state: .prepared,
                    payload: Array("not json".utf8)))
        }
        let report = await harness.wallet.recover()
        #expect(report.unresolved.map(\.0) == [id])
        await #expect(try harness.operation(id)?.state == .prepared)
    }

    @Test("an operation whose lease another wallet holds is left to it and reported pending")
    func leaseHeldElsewhere() async throws {
        let harness = try await EngineHarness.make()
        let quote = try await harness.wallet.requestMintQuote(amount: 8, mint: harness.mint.url)
        harness.mint.payMintQuote(quote.id)
        harness.mint.script(.mint, .lostAnswer())
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        let id = try #require(error?.operationID)
        let lease = try #require(try harness.store.operationLeases.acquire(id))
        let report = await harness.wallet.recover()
        #expect(report.unresolved.map(\.0) == [id])
        #expect(report.unresolved.first?.1.code == .pending)
        lease.release()
        #expect(await harness.wallet.recover().resolved == [id])
    }

    @Test("an operation this wallet is executing is reported in flight, not resumed")
    func inFlightHere() async throws {
        let harness = try await EngineHarness.make(amount: 64)
        let reached = AsyncGate()
        let answer = AsyncGate()
        harness.mint.script(.swap, .hold {
            reached.open()
            await answer.wait()
        })
        async let sending = harness.wallet.send(
            amount: 8, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        await reached.wait()
        let report = await harness.wallet.recover()
        #expect(report.unresolved.first?.1.reason == "the operation is in flight")
        answer.open()
        #expect(try await sending.amount == 8)
        #expect(harness.mint.count(.swap) == 1)
    }

    @Test("several open operations of every kind are all resolved by one pass")
    func severalKinds() async throws {
        let harness = try await EngineHarness.make(amount: 128)
        let quote = try await harness.wallet.requestMintQuote(amount: 16, mint: harness.mint.url)
        harness.mint.payMintQuote(quote.id)
        let melt = try await harness.meltQuote(20)
        harness.mint.script(.mint, .lostAnswer())
        harness.mint.script(.melt, .lostAnswer())
        harness.mint.script(.swap, .lostAnswer())
        _ = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        _ = await harness.error { try await harness.wallet.melt(quoteID: melt.id) }
        _ = await harness.error { try await harness.wallet.receive(token: harness.mint.token(amounts: [4])) }
        await #expect(try harness.openOperations().count == 3)
        let report = await harness.wallet.recover()
        #expect(report.resolved.count == 3)
        #expect(report.unresolved.isEmpty)
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("a pass with the mint down resolves nothing and loses nothing; the next one settles")
    func mintDownThenUp() async throws {
        let harness = try await EngineHarness.make()
        let token = harness.mint.token(amounts: [8])
        harness.mint.script(.swap, .lostAnswer())
        _ = await harness.error { try await harness.wallet.receive(token: token) }
        harness.mint.scriptAlways(.swap, .unreachable)
        let down = await harness.wallet.recover()
        #expect(down.unresolved.count == 1)
        harness.mint.scriptAlways(.swap, nil)
        #expect(await harness.wallet.recover().resolved.count == 1)
        #expect(try await harness.balance() == 8)
    }

    @Test("NUT-13 counters are never reused: a lost mint, its recovery, then another mint all sign fresh outputs")
    func countersNotReused() async throws {
        let harness = try await EngineHarness.make()
        let first = try await harness.wallet.requestMintQuote(amount: 8, mint: harness.mint.url)
        harness.mint.payMintQuote(first.id)
        harness.mint.script(.mint, .lostAnswer())
        _ = await harness.error { try await harness.wallet.mint(quoteID: first.id) }
        _ = await harness.wallet.recover()
        try await ScriptedWallet.fund(harness.wallet, at: harness.mint, amount: 8)
        #expect(try await harness.balance() == 16)
    }
}
