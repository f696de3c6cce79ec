// End to end: NUT-18/26 payment requests through the `cashu` binary — create, decode, pay in band (the token is
// printed), pay over HTTP POST (the payload reaches the payee, who can claim it), refuse what cannot be delivered.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu payment requests", .timeLimit(.minutes(5)))
struct RequestTests {
    @Test("request create and decode, creqA and creqb")
    func createAndDecode() async throws {
        let mint = try await TestMint.shared
        let payee = CLIWallet()
        defer { payee.remove() }
        try await payee.json("mints", "add", mint.url.rawValue)
        for format in ["creqA", "creqb"] {
            let created = try await payee.json(
                "request",
                "--amount",
                "21",
                "--description",
                "coffee",
                "--format",
                format,
                "--id",
                "abc"
            )
            let encoded = try #require(created.string("request"))
            #expect(encoded.lowercased().hasPrefix(format.lowercased()))
            #expect((created["mints"] as? [String]) == [mint.url.rawValue], "the default mint is accepted")
            let decoded = try await payee.json("decode", encoded)
            #expect(decoded.string("type") == "paymentRequest")
            #expect(decoded.uint("amount") == 21)
            #expect(decoded.string("unit") == "sat")
            #expect(decoded.string("description") == "coffee")
            #expect(decoded.string("id") == "abc")
            let human = try await payee.run("decode", encoded)
            #expect(human.stdout.contains("21 sat") && human.stdout.contains("coffee"))
        }
    }

    @Test("request create with a preferred mint list and methods (mp, sm): encoded, decoded and shown")
    func preferredMintsAndMethods() async throws {
        let mint = try await TestMint.shared
        let payee = CLIWallet()
        defer { payee.remove() }
        for format in ["creqA", "creqb"] {
            let created = try await payee.json(
                "request", "--amount", "21", "--accept", mint.url.rawValue, "--prefer-mints", "--method", "bolt11:2",
                "--method", "bolt12", "--format", format)
            let encoded = try #require(created.string("request"))
            let decoded = try PaymentRequest(encoded: encoded)
            #expect(decoded.mintPreferred == true && decoded.isMintListStrict == false)
            #expect(
                decoded.supportedMethods == [
                    PaymentRequest.SupportedMethod(method: "bolt11", fee: 2),
                    PaymentRequest.SupportedMethod(method: "bolt12"),
                ])
            let shown = try await payee.json("decode", encoded)
            #expect(shown["mintsPreferred"] as? Bool == true)
            #expect((shown["methods"] as? [[String: Any]])?.first?["fee"] as? Int == 2)
            let human = try await payee.run("decode", encoded)
            #expect(human.stdout.contains("preferred; others accepted"), "\(human)")
            #expect(human.stdout.contains("from another mint by bolt11: 2 sat"), "\(human)")
        }
        let refused = try await payee.run("request", "--method", "bolt11:two")
        #expect(refused.status != 0 && refused.stderr.contains("--method"), "\(refused)")
    }

    @Test("a request without transport is paid with a token printed alone; the payee receives it")
    func payInBand() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        let payee = CLIWallet()
        defer { payer.remove(); payee.remove() }
        try await payer.fund(200, at: mint.url)
        try await payee.json("mints", "add", mint.url.rawValue)
        let request = try #require(try await payee.json("request", "--amount", "40").string("request"))

        try await payer.run("request", "pay", request).expectFailure(64)  // stdin is no terminal: --yes needed
        let paid = try await payer.run("request", "pay", "--yes", request)
        #expect(paid.status == 0, "\(paid)")
        let token = paid.stdout.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("cashuB") && !token.contains("\n"))
        let received = try await payee.json("receive", token)
        // NUT-18: the amount is what the payee nets; the payer added the payee's input fee.
        #expect(received.uint("amount") == 40)
    }

    @Test("a request with an HTTP POST transport: the payload reaches the payee, who can claim it")
    func payOverPost() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        let payee = CLIWallet()
        defer { payer.remove(); payee.remove() }
        let receiver = try PostReceiver()
        defer { receiver.stop() }
        try await payer.fund(200, at: mint.url)
        try await payee.json("mints", "add", mint.url.rawValue)
        let request = try #require(
            try await payee.json("request", "--amount", "30", "--post", receiver.url, "--id", "order-7").string(
                "request"
            )
        )

        let paid = try await payer.json("request", "pay", "--yes", request)
        #expect(paid["delivered"] as? Bool == true)
        let sent = try #require(paid.uint("amount"))
        #expect(sent >= 30 && sent <= 31, "30 plus at most the payee's input fee")
        let body = try #require(receiver.received.first)
        let payload = try JSONDecoder().decode(PaymentRequestPayload.self, from: body)
        #expect(payload.id == "order-7")
        #expect(payload.mint == mint.url.rawValue)
        #expect(payload.proofs.reduce(0) { $0 + $1.amount } == sent)

        let token = try Token(mint: payload.mint, unit: payload.unit, proofs: payload.proofs).serialized()
        let received = try await payee.json("receive", token)
        #expect(received.uint("amount") == 30)
    }

    @Test("a payee that refuses the POST: exit 69, the token still printed and reclaimable")
    func postRefused() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        defer { payer.remove() }
        let receiver = try PostReceiver(status: 500)
        defer { receiver.stop() }
        try await payer.fund(100, at: mint.url)
        let request = try #require(
            try await payer.json("request", "--amount", "10", "--post", receiver.url).string("request")
        )
        let before = try await payer.balance()
        let paid = try await payer.run("request", "pay", "--yes", "--json", request)
        #expect(paid.status == 69, "\(paid)")
        let error = try #require(paid.json?["error"] as? [String: Any])
        #expect((error["token"] as? String)?.hasPrefix("cashuB") == true)
        let reclaimed = try await payer.json("pending", "--reclaim")
        #expect(reclaimed.array("reclaimed")?.count == 1)
        #expect(try await payer.balance() + 1 >= before)
    }

    @Test("a request only deliverable over Nostr is refused before anything is spent")
    func nostrOnly() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        defer { payer.remove() }
        try await payer.fund(100, at: mint.url)
        let request = PaymentRequest(
            amount: 5,
            unit: "sat",
            mints: [mint.url.rawValue],
            transports: [PaymentRequest.Transport(kind: .nostr, target: "npub1example")]
        )
        let before = try await payer.balance()
        try await payer.run("request", "pay", "--yes", request.creqA()).expectFailure(65)
        #expect(try await payer.balance() == before)
    }
}
