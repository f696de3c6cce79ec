// End to end: `cashu transfer` between two real mints — the fees shown and confirmed, the sats moved, a transfer
// killed after its payment continued by the next command, and everything at a mint moved with --all.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("cashu transfer", .timeLimit(.minutes(4)))
struct TransferTests {
    @Test("100 sat move from one mint to the other; the report names what arrived and the fee")
    func transfers() async throws {
        let (a, b) = (try await TestMint.shared, try await TestMint.payee)
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(300, at: a.url)
        let report = try await wallet.json(
            "transfer", "100", "--from", a.url.rawValue, "--to", b.url.rawValue, "--yes")
        #expect(report.string("state") == "done")
        #expect((report["arrived"] as? NSNumber)?.uint64Value == 100)
        let fee = try #require((report["fee"] as? NSNumber)?.uint64Value)
        let balances = try await wallet.json("balance")
        #expect((balances["total"] as? NSNumber)?.uint64Value == 300 - fee, "\(balances)")
        let atB = try await wallet.json("balance", "--mint", b.url.rawValue)
        #expect((atB["total"] as? NSNumber)?.uint64Value == 100, "\(atB)")
    }

    @Test("without a terminal and without --yes nothing moves; a bad amount or two mints the same are refused")
    func refusals() async throws {
        let (a, b) = (try await TestMint.shared, try await TestMint.payee)
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(100, at: a.url)
        let unasked = try await wallet.run("transfer", "50", "--from", a.url.rawValue, "--to", b.url.rawValue)
        #expect(unasked.status == 64, "\(unasked)")
        let both = try await wallet.run("transfer", "50", "--all", "--to", b.url.rawValue, "--yes")
        #expect(both.status == 64, "\(both)")
        let same = try await wallet.run("transfer", "50", "--from", a.url.rawValue, "--to", a.url.rawValue, "--yes")
        #expect(same.status == 65, "\(same)")
        let much = try await wallet.run("transfer", "500", "--from", a.url.rawValue, "--to", b.url.rawValue, "--yes")
        #expect(much.status == 67, "\(much)")
        #expect(try await wallet.balance() == 100)
    }

    @Test("killed once the payment is made: the next command mints at the destination")
    func killedAfterPayment() async throws {
        let (a, b) = (try await TestMint.shared, try await TestMint.payee)
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(300, at: a.url)
        let killed = try await wallet.run(
            "transfer", "100", "--from", a.url.rawValue, "--to", b.url.rawValue, "--yes",
            environment: ["CASHU_TEST_KILL_AT": "settled:melt"])
        #expect(killed.status == 128 + SIGKILL, "\(killed)")
        // Any command resumes it first: the paid quote at b is minted.
        let atB = try await wallet.json("balance", "--mint", b.url.rawValue)
        #expect((atB["total"] as? NSNumber)?.uint64Value == 100, "\(atB)")
        let pending = try await wallet.json("pending", "--offline")
        #expect(pending.array("transfers")?.isEmpty == true, "\(pending)")
    }

    @Test("--all moves everything but the fees")
    func transfersAll() async throws {
        let (a, b) = (try await TestMint.shared, try await TestMint.payee)
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(200, at: a.url)
        let report = try await wallet.json(
            "transfer", "--all", "--from", a.url.rawValue, "--to", b.url.rawValue, "--yes")
        let arrived = try #require((report["arrived"] as? NSNumber)?.uint64Value)
        #expect(arrived > 190 && arrived < 200, "\(report)")
        let atA = try await wallet.json("balance", "--mint", a.url.rawValue)
        #expect(((atA["total"] as? NSNumber)?.uint64Value ?? 99) < 10, "\(atA)")
    }
}
