// Tests of Wallet/Operations/Wallet+Maintenance.swift and keyset sync against a real mint whose keyset is rotated.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet keyset rotation", .serialized, .timeLimit(.minutes(5)))
struct WalletKeysetRotationTests {
    /// Runs one mint process after another on the same database and port, as an operator restarting it would.
    struct RotatingMint {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rotating-mint-\(UUID().uuidString)")
        // A port free now; the mint binds it again on every restart.
        let port = String((try? TestPort.reserve()) ?? 0)

        func start(derivationPath: String) async throws -> TestMint {
            try await TestMint.start(environment: [
                "MINT_DATABASE": database.path, "MINT_LISTEN_PORT": port, "MINT_DERIVATION_PATH": derivationPath,
                "MINT_PRIVATE_KEY": "cashuswift-rotating-mint",
            ])
        }

        /// Marks a keyset inactive in the mint's own database (the mint must be stopped).
        func deactivate(_ id: KeysetID) throws {
            let files = try FileManager.default.contentsOfDirectory(atPath: database.path).filter {
                $0.hasSuffix(".sqlite3")
            }
            let file = try #require(files.first, "no mint database in \(database.path)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
                    + "c.execute('update keysets set active=0 where id=?', (sys.argv[2],)); c.commit()",
                database.appendingPathComponent(file).path, id.hex,
            ]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
        }
    }

    @Test func proofsMoveOffAnInactiveKeyset() async throws {
        let rotating = RotatingMint()
        defer { try? FileManager.default.removeItem(at: rotating.database) }
        let first = try await rotating.start(derivationPath: "m/0'/0'/0'")
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(200, at: first)
        let old = try #require(try await wallet.wallet.proofs().first?.proof.id)
        await first.stop()

        // The operator rotates: a new keyset, the old one inactive.
        let second = try await rotating.start(derivationPath: "m/0'/0'/1'")
        await second.stop()
        try rotating.deactivate(old)
        let mint = try await rotating.start(derivationPath: "m/0'/0'/1'")
        defer { Task { await mint.stop() } }

        let reopened = try await TestWallet.open(directory: wallet.directory)
        let rotated = try #require(try await reopened.wallet.rotateKeysets(mint: mint.url))
        #expect(rotated.moved == 200 - rotated.fee)
        let proofs = try await reopened.wallet.proofs()
        #expect(!proofs.isEmpty && proofs.allSatisfy { $0.proof.id != old })
        #expect(try await reopened.balanceConfirmedByMint(mint) == 200 - rotated.fee)
        // The inactive keyset is kept: its spent proofs still name it, and nothing is left to move.
        let keysets = try await reopened.wallet.syncKeysets(mint.url)
        #expect(keysets.contains { $0.id == old && !$0.active })
        #expect(try await reopened.wallet.rotateKeysets(mint: mint.url) == nil)
    }

    @Test func paidQuotesAreMintedByTheMaintenancePass() async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.wallet.addMint(mint.url)
        for amount in [10, 20, 30] as [UInt64] {
            _ = try await wallet.wallet.requestMintQuote(amount: amount, mint: mint.url)
        }
        try await Task.sleep(for: .milliseconds(300))  // FakeWallet pays the invoices by itself
        let minted = try await wallet.wallet.mintPaidQuotes()
        // Nutshell offers NUT-29: the three paid quotes are minted in one batch.
        #expect(minted.map(\.amount) == [60])
        #expect(try await wallet.wallet.mintPaidQuotes().isEmpty)
        #expect(try await wallet.balanceConfirmedByMint(mint) == 60)
    }
}
