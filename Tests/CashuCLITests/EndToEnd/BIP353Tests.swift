// End to end: `cashu pay ₿user@domain` against a real DNS server (dnsmasq on loopback) publishing BIP-353 payment
// instructions — a Cashu payment request (NUT-26 creqb, HTTP POST) and a BOLT11 invoice paid through the real
// mint — and each way the lookup can fail.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu pay to a BIP-353 address", .timeLimit(.minutes(3)))
struct BIP353Tests {
    static let name = "bob.user._bitcoin-payment.example.test"

    /// The environment pointing `cashu` at `dns`, accepting its unvalidated answers.
    static func environment(_ dns: TestDNSServer, insecure: Bool = true) -> [String: String] {
        ["CASHU_DNS_SERVER": dns.address, "CASHU_DNS_INSECURE": insecure ? "1" : "0"]
    }

    @Test("a payment request published in DNS is paid over its HTTP POST transport")
    func paysPaymentRequest() async throws {
        let mint = try await TestMint.shared
        let (payer, payee) = (CLIWallet(), CLIWallet())
        defer { payer.remove(); payee.remove() }
        let receiver = try PostReceiver()
        defer { receiver.stop() }
        try await payer.fund(200, at: mint.url)
        try await payee.json("mints", "add", mint.url.rawValue)
        let request = try #require(
            try await payee.json("request", "--amount", "25", "--post", receiver.url, "--format", "creqb")
                .string("request"))
        let dns = try await TestDNSServer.start(records: [(Self.name, "bitcoin:?creq=\(request.uppercased())")])
        defer { dns.stop() }
        let paid = try await payer.run(
            ["pay", "--yes", "₿bob@example.test", "--json"], environment: Self.environment(dns))
        #expect(paid.status == 0, "\(paid)")
        #expect(paid.json?["delivered"] as? Bool == true, "\(paid)")
        #expect(receiver.received.count == 1)
    }

    @Test("a BOLT11 invoice published in DNS is paid through the mint")
    func paysInvoice() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        defer { payer.remove() }
        try await payer.fund(200, at: mint.url)
        let invoice = try await TestMint.externalInvoice(amount: 21)
        let dns = try await TestDNSServer.start(records: [(Self.name, "bitcoin:?lightning=\(invoice)")])
        defer { dns.stop() }
        let paid = try await payer.run(
            ["pay", "--yes", "₿bob@example.test", "--json"], environment: Self.environment(dns))
        #expect(paid.status == 0, "\(paid)")
        #expect(paid.json?["state"] as? String == "paid", "\(paid)")
        #expect(try await payer.balance() < 180)
    }

    @Test("no record, an unvalidated answer, two records, only a BOLT12 offer: refused, nothing paid")
    func refusals() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        defer { payer.remove() }
        try await payer.fund(100, at: mint.url)
        let offer = "lno1qgsqvgnwgcg35z6ee2h3yczraddm72xrfua9uve2rlrm9deu7xyfzrc"
        let dns = try await TestDNSServer.start(records: [
            ("two.user._bitcoin-payment.example.test", "bitcoin:?lno=\(offer)"),
            ("two.user._bitcoin-payment.example.test", "bitcoin:?lno=\(offer)x"),
            ("offer.user._bitcoin-payment.example.test", "bitcoin:?lno=\(offer)"),
            (Self.name, "bitcoin:?lno=\(offer)"),
        ])
        defer { dns.stop() }
        let cases: [(String, Bool, Int32, String)] = [
            ("₿nobody@example.test", true, 65, "invalidInput"),
            ("₿bob@example.test", false, 76, "invalidMintResponse"),
            ("₿two@example.test", true, 76, "invalidMintResponse"),
            ("₿offer@example.test", true, 65, "invalidInput"),
            ("₿bad name@example.test", true, 65, "invalidInput"),
        ]
        for (address, insecure, status, code) in cases {
            let outcome = try await payer.run(
                ["pay", "--yes", address, "--json"], environment: Self.environment(dns, insecure: insecure))
            outcome.expectFailure(status, code: code, json: true)
        }
        #expect(try await payer.balance() == 100)
    }
}
