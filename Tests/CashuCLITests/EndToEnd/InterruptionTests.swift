// End to end: a `cashu` killed in the middle of an operation (SIGKILL, as a power cut) or interrupted (SIGINT)
// loses nothing — `cashu recover` settles what was journaled; Ctrl-C exits 130 and the quote can be resumed.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("cashu interrupted", .timeLimit(.minutes(5)))
struct InterruptionTests {
    @Test("a cashu send killed after journaling its swap: cashu recover brings the balance back (less the swap fee)")
    func killedSend() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(1000, at: mint.url)
        let before = try await wallet.balance()

        // The test hook SIGKILLs the process once the send's swap is journaled, before its request leaves.
        let killed = try await wallet.run(
            "send",
            "300",
            "--fresh",
            environment: ["CASHU_TEST_KILL_AT": "journaled:send"]
        )
        #expect(killed.status == 128 + SIGKILL, "\(killed)")
        #expect(killed.stdout.isEmpty, "no token was handed out")

        let report = try await wallet.json("recover")
        #expect(report.array("unresolved")?.isEmpty == true)
        #expect((report["resolved"] as? [String])?.count == 1, "\(report)")

        // The token never left, so its outputs came back: only the swap's input fee is gone.
        let after = try await wallet.balance()
        #expect(after < before && after + 3 >= before, "before \(before), after \(after)")
        let pending = try await wallet.json("pending")
        #expect(pending.array("sends")?.isEmpty == true)
        #expect(try await wallet.json("recover").array("unresolved")?.isEmpty == true)
    }

    @Test("a cashu pay killed after journaling the melt is settled by the next command's start-up recovery")
    func killedPay() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(500, at: mint.url)
        let invoice = try await TestMint.externalInvoice(amount: 100)
        let killed = try await wallet.run(
            "pay",
            "--yes",
            invoice,
            environment: ["CASHU_TEST_KILL_AT": "journaled:melt"]
        )
        #expect(killed.status == 128 + SIGKILL, "\(killed)")

        // Any command resumes it first (here `balance`): the journaled melt is replayed and settled.
        let balance = try await wallet.balance()
        #expect(balance <= 400 && balance >= 395, "balance \(balance)")
        let history = try await wallet.json("history")
        let melt = history.array("entries")?.first { $0.string("kind") == "melt" }
        #expect(melt?.string("state") == "done")
    }

    @Test("Ctrl-C while waiting for an invoice to be paid: exit 130, one line, the quote listed for resuming")
    func interruptedMint() async throws {
        try await TestMint.with(environment: ["FAKEWALLET_BRR": "False"]) { mint in
            let wallet = CLIWallet()
            defer { wallet.remove() }
            let running = try CLIProcess.start([
                "--dir", wallet.directory.path, "mint", "100", "--mint", mint.url.rawValue,
            ])
            // Wait until it shows the invoice (it is then polling the quote).
            let deadline = ContinuousClock.now + .seconds(60)
            while !running.stderrSoFar.contains("lnbc") && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            running.signal(SIGINT)
            let outcome = await running.wait()
            #expect(outcome.status == 130, "\(outcome)")
            let lines = outcome.stderrLines.filter { $0.hasPrefix("cashu: error:") }
            #expect(lines.count == 1 && lines.first?.contains("cashu mint --quote") == true, "\(outcome)")
            #expect(outcome.stdout.isEmpty)

            let pending = try await wallet.json("pending", "--offline")
            let quote = try #require(pending.array("mintQuotes")?.first, "\(pending)")
            #expect(quote.uint("amount") == 100)
            #expect(quote.string("state") == "unpaid")
            let resumed = try await wallet.run("mint", "--quote", try #require(quote.string("quote")), "--timeout", "1")
            // The invoice is repeated on stderr (it is still to be paid), then the one error line.
            #expect(resumed.status == 75, "\(resumed)")
            #expect(resumed.stderrLines.last?.hasPrefix("cashu: error: the invoice was not paid") == true)
            #expect(resumed.stderrLines.filter { $0.hasPrefix("cashu: error:") }.count == 1)
        }
    }
}
