// Tests of Wallet/ across processes: two processes sending from one wallet (a SQLite file, a PostgreSQL schema)
// never select the same proof.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet concurrency", .serialized, .timeLimit(.minutes(5)))
struct WalletConcurrencyTests {
    @Test(arguments: TestStoreBackend.allCases)
    func twoProcessesSendingFromOneWallet(_ backend: TestStoreBackend) async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open(backend: backend)
        defer { wallet.remove() }
        try await wallet.fund(1000, at: mint)
        async let first = WalletProbeRunner.run(
            directory: wallet.directory, mint: mint.url, "send-swap", "7", repeatCount: 6)
        async let second = WalletProbeRunner.run(
            directory: wallet.directory, mint: mint.url, "send-swap", "7", repeatCount: 6)
        let runs = try await [first, second]
        for run in runs { #expect(run.status == 0, "\(run)") }
        let tokens = try runs.flatMap { run in
            try run.stdout.split(separator: "\n").filter { $0.hasPrefix("token ") }
                .map { try Token.decode(String($0.dropFirst(6))) }
        }
        #expect(tokens.count == 12)
        let secrets = tokens.flatMap { $0.proofs.map(\.secret) }
        #expect(Set(secrets).count == secrets.count, "a proof went into two tokens")

        let reopened = try await TestWallet.open(directory: wallet.directory)
        let balance = try await reopened.wallet.balance()
        #expect(try await reopened.balanceConfirmedByMint(mint) == balance)
        let sent = try await reopened.wallet.pendingSends().reduce(0) { $0 + $1.amount }
        #expect(sent == 84)
        let fees = try await reopened.wallet.history().filter { $0.state != .failed }.reduce(0) { $0 + $1.fee }
        #expect(balance + sent + fees == 1000)
    }
}
