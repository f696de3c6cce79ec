// Tests of PaidHTTP/PaidHTTPClient.swift and PreparedPaidRequest.swift against a real Nutshell mint and a paid
// endpoint on loopback that verifies the token with the mint: the price shown before paying, the resource after,
// the cap, and a token the server refuses kept as a pending send and reclaimed.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("NUT-24 paid HTTP client with a real mint", .timeLimit(.minutes(5)))
struct PaidHTTPClientTests {
    /// A funded payer and its paid HTTP client.
    static func payer(_ mint: TestMint, fund: UInt64 = 200) async throws -> (QueueTestWallet, PaidHTTPClient) {
        let payer = try await QueueTestWallet.open()
        try await payer.fund(fund, at: mint.url)
        return (payer, PaidHTTPClient(wallet: payer.wallet, httpClient: payer.client))
    }

    /// `prepared` and the payment it must hold.
    static func prepared(_ prepared: PreparedPaidRequest) throws -> (PreparedPaidRequest, PreparedRequestPayment) {
        (prepared, try #require(prepared.payment, "no payment asked"))
    }

    @Test("a 402 (creqA and creqb) is prepared with its price, paid, and the endpoint's swap at the mint succeeds")
    func paysAndGetsTheResource() async throws {
        let mint = try await TestMint.shared
        let (payer, client) = try await Self.payer(mint)
        let payee = try await QueueTestWallet.open()
        defer { payer.remove(); payee.remove() }
        _ = try await payee.wallet.addMint(mint.url)
        for format in ["creqA", "creqb"] {
            let endpoint = try await PaidEndpoint.start(
                price: 21, mint: mint.url, behaviour: .claim(into: payee.wallet), format: format)
            let before = try await payer.wallet.balance(mint: mint.url)
            let (prepared, payment) = try Self.prepared(
                try await client.prepare(PaidHTTPRequest(url: endpoint.url), most: 30))
            #expect(payment.requested == 21)
            #expect(payment.mint == mint.url)
            #expect(payment.request.description == "a paid resource")
            #expect(payment.total >= 21 && payment.total <= 30)
            #expect(endpoint.tokens.isEmpty, "nothing is sent before confirm")
            let payeeBefore = try await payee.wallet.balance(mint: mint.url)
            let response = try await prepared.confirm()
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == PaidEndpoint.resource)
            #expect(endpoint.tokens.count == 1 && endpoint.tokens[0].hasPrefix("cashuB"))
            #expect(try await payer.wallet.balance(mint: mint.url) == before - payment.total)
            // NUT-18: the payee nets the requested amount after its own swap fee.
            #expect(try await payee.wallet.balance(mint: mint.url) == payeeBefore + 21)
            await endpoint.shutdown()
        }
        await payer.close()
        await payee.close()
    }

    @Test("an endpoint that checks the token's state with the mint (NUT-07) answers 200")
    func checkedWithTheMint() async throws {
        let mint = try await TestMint.shared
        let (payer, client) = try await Self.payer(mint)
        defer { payer.remove() }
        let endpoint = try await PaidEndpoint.start(price: 5, mint: mint.url, behaviour: .check)
        let (prepared, _) = try Self.prepared(try await client.prepare(PaidHTTPRequest(url: endpoint.url)))
        let response = try await prepared.confirm()
        #expect(response.status == 200)
        #expect(response.header("content-type") == "text/plain")
        await endpoint.shutdown()
        await payer.close()
    }

    @Test("a price over the cap is refused before anything is held; cancel releases a prepared payment")
    func capAndCancel() async throws {
        let mint = try await TestMint.shared
        let (payer, client) = try await Self.payer(mint)
        defer { payer.remove() }
        let endpoint = try await PaidEndpoint.start(price: 50, mint: mint.url, behaviour: .check)
        let before = try await payer.wallet.balance(mint: mint.url)
        await #expect { try await client.prepare(PaidHTTPRequest(url: endpoint.url), most: 49) } throws: { error in
            let error = try #require(error as? WalletError)
            return error.code == .invalidInput && error.reason.contains("over the cap of 49")
        }
        await #expect { try await client.prepare(PaidHTTPRequest(url: endpoint.url), most: 50) } throws: { error in
            // 50 sat and the receiver's swap fee of the test mint's keyset: over a cap of 50 once the fees count.
            (error as? WalletError)?.reason.contains("in fees") == true
        }
        #expect(try await payer.wallet.balance(mint: mint.url) == before, "nothing held")
        let (prepared, _) = try Self.prepared(
            try await client.prepare(PaidHTTPRequest(url: endpoint.url), most: 60))
        #expect(try await payer.wallet.balance(mint: mint.url) < before, "held while prepared")
        await prepared.cancel()
        #expect(try await payer.wallet.balance(mint: mint.url) == before)
        #expect(endpoint.tokens.isEmpty)
        #expect(try await payer.wallet.pendingSends().isEmpty)
        await endpoint.shutdown()
        await payer.close()
    }

    @Test("a server that takes the token and answers 500, or drops the connection: the token stays reclaimable")
    func refusedTokenIsReclaimable() async throws {
        let mint = try await TestMint.shared
        let (payer, client) = try await Self.payer(mint)
        defer { payer.remove() }
        for behaviour in [PaidEndpoint.Behaviour.keepAndFail(status: 500), .keepAndDrop] {
            let endpoint = try await PaidEndpoint.start(price: 10, mint: mint.url, behaviour: behaviour)
            let before = try await payer.wallet.balance(mint: mint.url)
            let (prepared, payment) = try Self.prepared(try await client.prepare(PaidHTTPRequest(url: endpoint.url)))
            var failure: WalletError?
            do { _ = try await prepared.confirm() } catch { failure = error }
            let error = try #require(failure)
            #expect(error.code == .deliveryFailed)
            #expect(error.reason.contains("pending send"), "\(error)")
            #expect(!error.reason.contains("cashuB"), "no token in the error")
            let operation = try #require(error.operationID)
            #expect(endpoint.tokens.count == 1)
            let pending = try await payer.wallet.pendingSends()
            #expect(pending.map(\.operationID) == [operation])
            let reclaimed = try await payer.wallet.reclaim(operation)
            #expect(reclaimed.amount + reclaimed.fee == pending[0].amount)
            #expect(try await payer.wallet.pendingSends().isEmpty)
            let after = try await payer.wallet.balance(mint: mint.url)
            #expect(after == before - payment.send.fee - reclaimed.fee, "only the swap fees are lost")
            await endpoint.shutdown()
        }
        await payer.close()
    }

    @Test("a free resource, or a 402 without X-Cashu, is the answer itself; nothing is held")
    func freeAndForeign402() async throws {
        let mint = try await TestMint.shared
        let (payer, client) = try await Self.payer(mint, fund: 10)
        defer { payer.remove() }
        let server = try LoopbackServer { index, _ in
            index == 0 ? .respond(status: 200, body: Array("free".utf8)) : .respond(status: 402, body: [])
        }
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/x"
        let free = try await client.prepare(PaidHTTPRequest(url: url))
        #expect(free.payment == nil)
        let freeAnswer = try await free.confirm()
        #expect(freeAnswer.status == 200 && String(decoding: freeAnswer.body, as: UTF8.self) == "free")
        let foreign = try await client.prepare(PaidHTTPRequest(url: url))
        #expect(foreign.payment == nil, "a 402 without X-Cashu is no payment request")
        #expect(try await foreign.confirm().status == 402)
        #expect(server.requests.count == 2, "confirm of an unpaid request sends nothing again")
        await #expect(throws: WalletError.self) { try await client.prepare(PaidHTTPRequest(url: "ftp://x/y")) }
        await payer.close()
    }

    @Test("the request goes out as given (method, headers, body), and again with the token in X-Cashu")
    func requestAsGiven() async throws {
        let mint = try await TestMint.shared
        let (payer, client) = try await Self.payer(mint)
        defer { payer.remove() }
        let endpoint = try await PaidEndpoint.start(price: 3, mint: mint.url, behaviour: .check)
        let request = PaidHTTPRequest(
            url: endpoint.url, method: "put", headers: [("Accept", "text/plain")],
            body: Data("hello".utf8))
        let (prepared, _) = try Self.prepared(try await client.prepare(request))
        _ = try await prepared.confirm()
        let seen = endpoint.requests
        #expect(seen.count == 2)
        for received in seen {
            #expect(received.method == "PUT" && received.path == "/resource")
            #expect(received.body == Array("hello".utf8))
            #expect(received.headers.contains { $0.0 == "Accept" && $0.1 == "text/plain" })
        }
        #expect(seen[0].token == nil)
        #expect(seen[1].headers.filter { $0.0.lowercased() == "x-cashu" }.count == 1)
        #expect(seen[1].token?.hasPrefix("cashuB") == true)
        await endpoint.shutdown()
        await payer.close()
    }
}
