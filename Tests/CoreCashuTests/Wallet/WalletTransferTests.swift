// Tests of Wallet transfers between two real Nutshell mints: the sats leave one and arrive at the other, and a child
// process SIGKILLed at every step of the transfer (and of the swap, melt and mint it is made of) loses nothing: the
// two mints' liabilities and the wallet's balances add up to the sat.

import CashuTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet transfers between mints", .serialized, .timeLimit(.minutes(8)))
struct WalletTransferTests {
    /// Two mints of this suite's own, so their liabilities change only with what these tests do.
    private static let mints = Task { () throws -> [TestMint] in
        async let a = TestMint.start()
        async let b = TestMint.start()
        return try await [a, b]
    }

    /// Every point a transfer (and the operations it is made of) can be killed at.
    static let killPoints = [
        "planned:transfer", "journaled:transfer", "settled:swap", "planned:melt", "journaled:melt", "answered:melt",
        "settled:melt", "planned:mint", "journaled:mint", "answered:mint", "settled:mint", "settled:transfer",
    ]

    private static func liabilities(_ mints: [TestMint]) async throws -> Int64 {
        var total: Int64 = 0
        for mint in mints { total += try await mint.liabilities() }
        return total
    }

    /// The wallet's fees: what its melts and swaps cost.
    private static func fees(_ wallet: TestWallet) async throws -> UInt64 {
        try await wallet.wallet.history().filter { $0.state == .done }.reduce(0) { $0 + $1.fee }
    }

    @Test("100 sat move from A to B; A's liabilities fall by the amount and fee, B's rise by the amount")
    func transfer() async throws {
        let mints = try await Self.mints.value
        let (a, b) = (mints[0], mints[1])
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(500, at: a)
        try await wallet.wallet.addMint(b.url)
        let before = (try await a.liabilities(), try await b.liabilities())
        let quote = try await wallet.wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        #expect(quote.most <= 500)
        let result = try await wallet.wallet.transfer(quote)
        #expect(result.state == .done)
        #expect(result.arrived == 100)
        let fee = try #require(result.fee)
        #expect(fee <= quote.meltQuote.feeReserve + quote.inputFeeEstimate)
        #expect(try await wallet.balanceConfirmedByMint(b) == 100)
        let atA = try await wallet.balanceConfirmedByMint(a)
        #expect(atA == 400 - fee)
        #expect(try await a.liabilities() == before.0 - 100 - Int64(fee))
        #expect(try await b.liabilities() == before.1 + 100)
    }

    @Test("everything at A moves to B, less the fees")
    func transferAll() async throws {
        let mints = try await Self.mints.value
        let (a, b) = (mints[0], mints[1])
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(300, at: a)
        try await wallet.wallet.addMint(b.url)
        let quote = try await wallet.wallet.transferAllQuote(from: a.url, to: b.url)
        let result = try await wallet.wallet.transfer(quote)
        #expect(result.state == .done)
        #expect(try await wallet.balanceConfirmedByMint(b) == quote.amount)
        let left = try await wallet.balanceConfirmedByMint(a)
        #expect(left + quote.amount + (result.fee ?? 0) == 300)
        #expect(left <= quote.meltQuote.feeReserve + quote.inputFeeEstimate)
    }

    @Test(arguments: killPoints)
    func transferKilled(at point: String) async throws {
        let mints = try await Self.mints.value
        let (a, b) = (mints[0], mints[1])
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(500, at: a)
        try await wallet.wallet.addMint(b.url)
        let before = try await Self.liabilities(mints)
        let run = try await WalletProbeRunner.run(
            directory: wallet.directory, mint: a.url, "transfer", "100,\(b.url.rawValue)", killAt: point)
        // The melt's exact proofs may exist already: then no swap comes first, and the probe is not killed there.
        #expect(run.killed || (point == "settled:swap" && run.stdout.contains("ok transferred done")), "\(run)")
        // Reopening recovers: the transfer is continued wherever it stopped.
        let reopened = try await TestWallet.open(directory: wallet.directory)
        #expect(try await reopened.wallet.read { tx in try tx.unfinishedOperations() }.isEmpty)
        #expect(try await reopened.wallet.proofs(statuses: [.reserved, .pending]).isEmpty)
        let atA = try await reopened.balanceConfirmedByMint(a)
        let atB = try await reopened.balanceConfirmedByMint(b)
        #expect(atA == (try await reopened.wallet.balance(mint: a.url)))
        #expect(atB == (try await reopened.wallet.balance(mint: b.url)))
        // Killed before the transfer was journaled nothing moves; after, it completes.
        #expect(atB == (point == "planned:transfer" ? 0 : 100))
        let fees = try await Self.fees(reopened)
        #expect(atA + atB + fees == 500, "A \(atA), B \(atB), fees \(fees)")
        // What the mints owe changed by exactly what the wallet holds now less the 500 it held.
        let after = try await Self.liabilities(mints)
        #expect(after - before == Int64(atA + atB) - 500)
    }
}
