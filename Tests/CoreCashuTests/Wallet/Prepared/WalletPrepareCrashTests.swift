// Tests of prepared operations killed between prepare and confirm: a child process SIGKILLed while its send, payment
// or transfer holds proofs leaves nothing held after the next start, on SQLite and on PostgreSQL; the mint saw nothing.

import CashuTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import CashuEngine
import CoreCashu

@Suite("Wallet prepared operations killed before confirming", .serialized, .timeLimit(.minutes(5)))
struct WalletPrepareCrashTests {
    /// The destination of the transfers (started once for the suite).
    private static let destination = Task { try await TestMint.start() }

    /// Kills the probe running `operation` at `held`, reopens the wallet, and checks the held proofs came back.
    private static func killedWhileHeld(
        _ backend: TestStoreBackend, _ operation: String, _ argument: @Sendable (TestMint) async throws -> String,
        kind: String, addMint other: MintURL? = nil
    ) async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open(backend: backend)
        defer { wallet.remove() }
        try await wallet.fund(500, at: mint)
        if let other { try await wallet.wallet.addMint(other) }
        let run = try await WalletProbeRunner.run(
            directory: wallet.directory, mint: mint.url, operation, try await argument(mint),
            killAt: "held:\(kind)")
        #expect(run.killed, "\(run)")
        let reopened = try await TestWallet.open(directory: wallet.directory)
        #expect(try await WalletCrashTests.assertConsistent(reopened, mint: mint) == 500)
        let history = try await reopened.wallet.history()
        #expect(history.allSatisfy { $0.kind == .mint }, "\(history)")
        // The proofs are free again: the same operation goes through now.
        _ = try await reopened.wallet.send(amount: 100, mint: mint.url, options: SendOptions(preferOffline: false))
        _ = try await WalletCrashTests.assertConsistent(reopened, mint: mint)
    }

    @Test(arguments: TestStoreBackend.allCases)
    func sendKilledWhileHeld(_ backend: TestStoreBackend) async throws {
        try await Self.killedWhileHeld(backend, "send-swap", { _ in "100" }, kind: "send")
    }

    @Test(arguments: TestStoreBackend.allCases)
    func paymentKilledWhileHeld(_ backend: TestStoreBackend) async throws {
        try await Self.killedWhileHeld(
            backend, "pay", { _ in try await TestMint.externalInvoice(amount: 100) }, kind: "melt")
    }

    @Test(arguments: TestStoreBackend.allCases)
    func transferKilledWhileHeld(_ backend: TestStoreBackend) async throws {
        let other = try await Self.destination.value.url
        try await Self.killedWhileHeld(
            backend, "prepared-transfer", { _ in "100,\(other)" }, kind: "melt", addMint: other)
    }
}
