// End to end: `cashu fetch` (NUT-24) through the `cashu` binary against a real mint and a paid endpoint on loopback
// that verifies the token with the mint — the body printed, the cap, the question, a refused token reclaimed.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu fetch (NUT-24)", .timeLimit(.minutes(5)))
struct FetchTests {
    @Test("a 402 is paid with --yes: the body alone on stdout, the price and status on stderr; the endpoint claimed it")
    func paysAndPrintsTheBody() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        let payee = try await QueueTestWallet.open()
        defer { payer.remove(); payee.remove() }
        _ = try await payee.wallet.addMint(mint.url)
        try await payer.fund(100, at: mint.url)
        let endpoint = try await PaidEndpoint.start(price: 21, mint: mint.url, behaviour: .claim(into: payee.wallet))
        let before = try await payer.balance()
        let fetched = try await payer.run("fetch", "--yes", "--max", "30", endpoint.url)
        #expect(fetched.status == 0, "\(fetched)")
        #expect(fetched.stdout == PaidEndpoint.resource)
        #expect(fetched.stderr.contains("paid 2") && fetched.stderr.contains("HTTP 200"), "\(fetched)")
        #expect(!fetched.stderr.contains("cashuB"), "no token on stderr")
        #expect(try await payee.wallet.balance(mint: mint.url) == 21)
        let after = try await payer.balance()
        #expect(after < before - 21 + 1 && after >= before - 30)

        let json = try await payer.json("fetch", "--yes", endpoint.url)
        #expect(json.uint("status") == 200)
        #expect(json.uint("price") == 21)
        #expect(json.string("body") == PaidEndpoint.resource)
        #expect(json.string("operation") != nil)
        #expect(try await payee.wallet.balance(mint: mint.url) == 42)
        await endpoint.shutdown()
        await payee.close()
    }

    @Test("a creqb 402, a POST with a body and headers, checked with the mint (NUT-07)")
    func creqbAndPost() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        defer { payer.remove() }
        try await payer.fund(50, at: mint.url)
        let endpoint = try await PaidEndpoint.start(price: 5, mint: mint.url, behaviour: .check, format: "creqb")
        let fetched = try await payer.run(
            "fetch", "-y", "-X", "post", "-d", "question", "-H", "Accept: text/plain", endpoint.url)
        #expect(fetched.status == 0, "\(fetched)")
        #expect(fetched.stdout == PaidEndpoint.resource)
        let seen = endpoint.requests
        #expect(seen.count == 2 && seen.allSatisfy { $0.method == "POST" && $0.body == Array("question".utf8) })
        #expect(seen.allSatisfy { $0.headers.contains { $0.0 == "Accept" && $0.1 == "text/plain" } })
        await endpoint.shutdown()
    }

    @Test("over --max, or no --yes without a terminal: refused, nothing paid or sent")
    func refusedBeforePaying() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        defer { payer.remove() }
        try await payer.fund(100, at: mint.url)
        let endpoint = try await PaidEndpoint.start(price: 40, mint: mint.url, behaviour: .check)
        let before = try await payer.balance()
        let capped = try await payer.run("fetch", "--yes", "--max", "39", endpoint.url)
        capped.expectFailure(65)
        #expect(capped.stderr.contains("over the cap of 39"), "\(capped)")
        let fees = try await payer.run("fetch", "--yes", "--max", "40", endpoint.url)
        fees.expectFailure(65)
        #expect(fees.stderr.contains("in fees"), "\(fees)")
        try await payer.run("fetch", endpoint.url).expectFailure(64)
        #expect(try await payer.balance() == before)
        #expect(endpoint.tokens.isEmpty)
        #expect((try await payer.json("pending")).array("sends")?.isEmpty ?? true)
        await endpoint.shutdown()
    }

    @Test("a server that takes the token and answers 500: exit 69, the operation named, `pending --reclaim` takes it")
    func refusedTokenIsReclaimed() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        defer { payer.remove() }
        try await payer.fund(100, at: mint.url)
        let endpoint = try await PaidEndpoint.start(price: 10, mint: mint.url, behaviour: .keepAndFail(status: 500))
        let before = try await payer.balance()
        let fetched = try await payer.run("fetch", "--yes", "--json", endpoint.url)
        fetched.expectFailure(69, code: "deliveryFailed", json: true)
        let error = try #require(fetched.json?["error"] as? [String: Any])
        let operation = try #require(error["operation"] as? String)
        #expect((error["message"] as? String)?.contains("pending --reclaim \(operation)") == true, "\(fetched)")
        #expect(!fetched.stdout.contains("cashuB") && !fetched.stderr.contains("cashuB"), "no token printed")
        #expect(endpoint.tokens.count == 1)
        let reclaimed = try await payer.json("pending", "--reclaim", operation)
        #expect(reclaimed.array("reclaimed")?.count == 1)
        let after = try await payer.balance()
        #expect(after < before && after + 3 >= before, "back, less the swap fees")
        await endpoint.shutdown()
    }

    @Test("--proxy: the server is reached through it; with it down, exit 69 and nothing paid")
    func throughTheProxy() async throws {
        let mint = try await TestMint.shared
        let socks = try await TestSOCKSProxy.start()
        defer { socks.stop() }
        let payer = CLIWallet()
        defer { payer.remove() }
        try await payer.fund(50, at: mint.url)
        let endpoint = try await PaidEndpoint.start(price: 5, mint: mint.url, behaviour: .check)
        let proxy = "socks5h://127.0.0.1:\(socks.port)"
        let fetched = try await payer.run("fetch", "--yes", "--proxy", proxy, endpoint.url)
        #expect(fetched.status == 0 && fetched.stdout == PaidEndpoint.resource, "\(fetched)")
        socks.stop()
        let before = try await payer.balance()
        let down = try await payer.run("fetch", "--yes", "--proxy", proxy, endpoint.url)
        down.expectFailure(69)
        #expect(try await payer.balance() == before)
        #expect(endpoint.tokens.count == 1, "the second fetch never reached the server")
        await endpoint.shutdown()
    }

    @Test("a free URL is printed; a non-2xx answer fails with its status; a bad header or URL is refused")
    func freeAndFailures() async throws {
        let mint = try await TestMint.shared
        let payer = CLIWallet()
        defer { payer.remove() }
        try await payer.json("mints", "add", mint.url.rawValue)
        let server = try LoopbackServer { _, request in
            request.path == "/free"
                ? .respond(status: 200, body: Array("free\n".utf8))
                : .respond(status: 404, body: Array("no such thing\n".utf8))
        }
        defer { server.stop() }
        let free = try await payer.run("fetch", "http://127.0.0.1:\(server.port)/free")
        #expect(free.status == 0 && free.stdout == "free\n", "\(free)")
        let missing = try await payer.run("fetch", "http://127.0.0.1:\(server.port)/missing")
        missing.expectFailure(69)
        #expect(missing.stderr.contains("HTTP 404: no such thing"), "\(missing)")
        try await payer.run("fetch", "-H", "no colon", "http://127.0.0.1:\(server.port)/free").expectFailure(64)
        try await payer.run("fetch", "-X", "GE T", "http://127.0.0.1:\(server.port)/free").expectFailure(64)
        try await payer.run("fetch", "file:///etc/passwd").expectFailure(65)
    }
}
