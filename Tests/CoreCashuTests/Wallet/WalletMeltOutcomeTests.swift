// Tests of Wallet/Operations/Wallet+Melt.swift against mints whose FakeWallet leaves payments pending or fails them.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet melt outcomes", .serialized, .timeLimit(.minutes(5)))
struct WalletMeltOutcomeTests {
    @Test func pendingMeltKeepsProofsPendingAcrossRestarts() async throws {
        let mint = try await TestMint.start(
            environment: ["FAKEWALLET_PAY_INVOICE_STATE": "PENDING", "FAKEWALLET_PAYMENT_STATE": "PENDING"])
        defer { Task { await mint.stop() } }
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(300, at: mint)
        let quote = try await wallet.wallet.meltQuote(
            request: try await TestMint.externalInvoice(amount: 50), mint: mint.url)
        let result = try await wallet.wallet.melt(quoteID: quote.id)
        #expect(result.state == .pending)
        let pending = try await wallet.wallet.proofs(statuses: [.pending])
        #expect(!pending.isEmpty)
        let balance = try await wallet.wallet.balance()
        #expect(balance + pending.reduce(0) { $0 + $1.amount } + (try await fees(wallet)) == 300)

        // A restart's recovery and a check both ask the mint; still pending, nothing is released.
        let reopened = try await TestWallet.open(directory: wallet.directory)
        _ = try await reopened.wallet.check()
        #expect(try await reopened.wallet.proofs(statuses: [.pending]).count == pending.count)
        #expect(try await reopened.wallet.balance() == balance)
        #expect(try await reopened.wallet.history().first { $0.kind == .melt }?.state == .pending)
    }

    @Test func failedMeltReleasesTheProofs() async throws {
        let mint = try await TestMint.start(
            environment: ["FAKEWALLET_PAY_INVOICE_STATE": "FAILED", "FAKEWALLET_PAYMENT_STATE": "FAILED"])
        defer { Task { await mint.stop() } }
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(300, at: mint)
        let before = try await wallet.wallet.balance()
        let quote = try await wallet.wallet.meltQuote(
            request: try await TestMint.externalInvoice(amount: 50), mint: mint.url)
        await #expect { try await wallet.wallet.melt(quoteID: quote.id) } throws: {
            ($0 as? WalletError)?.code == .mintRefused
        }
        #expect(try await wallet.wallet.proofs(statuses: [.pending, .reserved]).isEmpty)
        let after = try await wallet.wallet.balance()
        // Only a preparatory swap's fee may be gone.
        #expect(after + (try await fees(wallet)) == before)
        #expect(try await wallet.balanceConfirmedByMint(mint) == after)
        #expect(try await wallet.wallet.history().first { $0.kind == .melt }?.state == .failed)
    }

    @Test func asyncMeltSettlesOnCheck() async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(300, at: mint)
        let quote = try await wallet.wallet.meltQuote(
            request: try await TestMint.externalInvoice(amount: 40), mint: mint.url)
        let result = try await wallet.wallet.melt(quoteID: quote.id, preferAsync: true)
        var settled = result.state == .paid
        for _ in 0..<50 where !settled {
            settled = try await wallet.wallet.check().settledMelts.contains(result.operationID)
            if !settled { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(settled)
        #expect(try await wallet.wallet.history().first { $0.kind == .melt }?.state == .done)
        #expect(try await wallet.wallet.proofs(statuses: [.pending, .reserved]).isEmpty)
        let balance = try await wallet.wallet.balance()
        #expect(balance + 40 + (try await fees(wallet)) == 300)
        #expect(try await wallet.balanceConfirmedByMint(mint) == balance)
    }

    func fees(_ wallet: TestWallet) async throws -> UInt64 {
        try await wallet.wallet.history().filter { $0.state == .done }.reduce(0) { $0 + $1.fee }
    }
}
