// Tests of Wallet/ journaling and recovery: a child process is SIGKILLed at each step of mint, send (swap), receive
// and melt against a real mint, on SQLite and on PostgreSQL; reopening the wallet recovers, and the balance equals
// what the mint says, to the sat.

import CashuTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet crash recovery", .serialized, .timeLimit(.minutes(5)))
struct WalletCrashTests {
    /// The steps every operation passes (`held` is a prepared operation's alone: WalletPrepareCrashTests; `recorded`
    /// an address claim's: CashuCLITests' AddressClaimTests).
    static let steps = WalletStep.allCases.filter { $0 != .held && $0 != .recorded }.map(\.rawValue)

    /// After recovery: nothing open, nothing reserved, and every unspent proof confirmed unspent by the mint.
    static func assertConsistent(_ wallet: TestWallet, mint: TestMint) async throws -> UInt64 {
        let open = try await wallet.wallet.read { tx in try tx.unfinishedOperations() }
        #expect(open.isEmpty, "unfinished operations after recovery: \(open)")
        #expect(try await wallet.wallet.proofs(statuses: [.reserved, .pending]).isEmpty)
        // The killed process's lock file (its lease died with it) went when recovery settled the operation.
        #expect(try wallet.lockFiles().isEmpty)
        let balance = try await wallet.wallet.balance()
        #expect(try await wallet.balanceConfirmedByMint(mint) == balance)
        return balance
    }

    static func fees(_ wallet: TestWallet) async throws -> UInt64 {
        try await wallet.wallet.history().filter { $0.state != .failed }.reduce(0) { $0 + $1.fee }
    }

    @Test(arguments: TestStoreBackend.allCases, steps)
    func mintKilled(_ backend: TestStoreBackend, at step: String) async throws {
        let mint = try await TestMint.shared
        let funded = try await TestWallet.open(backend: backend)
        defer { funded.remove() }
        try await funded.wallet.addMint(mint.url)
        let run = try await WalletProbeRunner.run(
            directory: funded.directory, mint: mint.url, "fund", "100", killAt: "\(step):mint")
        #expect(run.killed, "\(run)")
        let reopened = try await TestWallet.open(directory: funded.directory)
        if step == WalletStep.planned.rawValue {
            // Killed before the journal: nothing happened, and the paid quote mints now.
            #expect(try await Self.assertConsistent(reopened, mint: mint) == 0)
            let quote = try #require(try await reopened.wallet.mintQuotes().first)
            _ = try await reopened.wallet.mint(quoteID: quote.id)
        }
        #expect(try await Self.assertConsistent(reopened, mint: mint) == 100)
    }

    @Test(arguments: TestStoreBackend.allCases, steps)
    func batchMintKilled(_ backend: TestStoreBackend, at step: String) async throws {
        let mint = try await TestMint.shared
        let funded = try await TestWallet.open(backend: backend)
        defer { funded.remove() }
        try await funded.wallet.addMint(mint.url)
        let run = try await WalletProbeRunner.run(
            directory: funded.directory, mint: mint.url, "fund-batch", "50", killAt: "\(step):mint")
        #expect(run.killed, "\(run)")
        let reopened = try await TestWallet.open(directory: funded.directory)
        if step == WalletStep.planned.rawValue {
            // Killed before the journal: nothing happened, and the refresh mints both paid quotes in one batch now.
            #expect(try await Self.assertConsistent(reopened, mint: mint) == 0)
            #expect(try await reopened.wallet.mintPaidQuotes().map(\.amount) == [100])
        }
        #expect(try await Self.assertConsistent(reopened, mint: mint) == 100)
        #expect(try await reopened.wallet.mintQuotes().allSatisfy { $0.state == .issued })
    }

    @Test(arguments: TestStoreBackend.allCases, steps)
    func sendKilled(_ backend: TestStoreBackend, at step: String) async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open(backend: backend)
        defer { wallet.remove() }
        try await wallet.fund(500, at: mint)
        let run = try await WalletProbeRunner.run(
            directory: wallet.directory, mint: mint.url, "send-swap", "100", killAt: "\(step):send")
        #expect(run.killed, "\(run)")
        let reopened = try await TestWallet.open(directory: wallet.directory)
        let balance = try await Self.assertConsistent(reopened, mint: mint)
        let sent = try await reopened.wallet.pendingSends().reduce(0) { $0 + $1.amount }
        // Killed before settling: the token never left, so its outputs came back. After: it is a pending send.
        #expect(sent == (step == WalletStep.settled.rawValue ? 100 : 0))
        #expect(balance + sent + (try await Self.fees(reopened)) == 500)
    }

    @Test(arguments: TestStoreBackend.allCases, steps)
    func receiveKilled(_ backend: TestStoreBackend, at step: String) async throws {
        let mint = try await TestMint.shared
        let sender = try await TestWallet.open()
        let receiver = try await TestWallet.open(backend: backend)
        defer { sender.remove(); receiver.remove() }
        try await sender.fund(300, at: mint)
        let token = try await sender.wallet.send(amount: 200, mint: mint.url).token
        let run = try await WalletProbeRunner.run(
            directory: receiver.directory, mint: mint.url, "receive", try token.serialized(as: .v4),
            killAt: "\(step):receive")
        #expect(run.killed, "\(run)")
        let reopened = try await TestWallet.open(directory: receiver.directory)
        if step == WalletStep.planned.rawValue {
            #expect(try await Self.assertConsistent(reopened, mint: mint) == 0)
            _ = try await reopened.wallet.receive(try token.serialized(as: .v4))
        }
        let balance = try await Self.assertConsistent(reopened, mint: mint)
        #expect(balance + (try await Self.fees(reopened)) == 200)
    }

    @Test(arguments: TestStoreBackend.allCases, steps)
    func meltKilled(_ backend: TestStoreBackend, at step: String) async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open(backend: backend)
        defer { wallet.remove() }
        try await wallet.fund(500, at: mint)
        let invoice = try await TestMint.externalInvoice(amount: 100)
        let run = try await WalletProbeRunner.run(
            directory: wallet.directory, mint: mint.url, "melt", invoice, killAt: "\(step):melt")
        #expect(run.killed, "\(run)")
        let reopened = try await TestWallet.open(directory: wallet.directory)
        let balance = try await Self.assertConsistent(reopened, mint: mint)
        let melts = try await reopened.wallet.history().filter { $0.kind == .melt }
        let paid = melts.contains { $0.state == .done }
        // Killed after journaling, the melt may or may not have reached the mint; either way the books balance.
        #expect(balance + (paid ? 100 : 0) + (try await Self.fees(reopened)) == 500)
        switch step {
        case WalletStep.planned.rawValue: #expect(!paid)
        case WalletStep.journaled.rawValue: break  // recovery may have paid it, or released the inputs
        default: #expect(paid)
        }
    }
}
