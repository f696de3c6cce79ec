// End to end: what `cashu pay` says about the mint's payment preimage, against a real mint whose FakeWallet answers
// an all-zero preimage for another mint's invoice (a mismatch: paid, with a warning on stderr).

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu pay proof of payment", .timeLimit(.minutes(5)))
struct PayProofOfPaymentTests {
    @Test("a preimage that does not match: paid (exit 0), a warning line on stderr, proofOfPayment in --json")
    func mismatch() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(500, at: mint.url)

        let json = try await wallet.run("pay", "--yes", try await TestMint.externalInvoice(amount: 60), "--json")
        #expect(json.status == 0, "\(json)")
        let object = try #require(json.json, "\(json)")
        #expect(object.string("state") == "paid")
        #expect(object.string("preimage") == String(repeating: "0", count: 64))
        #expect(object.string("proofOfPayment") == "mismatch")
        let quote = try #require(object.string("quote"))
        #expect(json.stderrLines.filter { $0.hasPrefix("cashu: warning:") }.count == 1, "\(json)")
        #expect(json.stderr.contains("preimage") && json.stderr.contains(quote))

        let human = try await wallet.run("pay", "--yes", try await TestMint.externalInvoice(amount: 40))
        #expect(human.status == 0, "\(human)")
        #expect(human.stdout.hasPrefix("Paid 40 sat"))
        #expect(human.stdout.contains("does not match the invoice"))
        #expect(human.stderrLines.contains { $0.hasPrefix("cashu: warning: the mint says the invoice is paid") })
    }
}
