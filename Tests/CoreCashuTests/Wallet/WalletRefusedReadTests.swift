// Tests of Wallet/Operations/Wallet+Waiting and Wallet+MeltWait against real mints behind a MintProxy that refuses
// status reads the way Nutshell does when its database is busy (400, code 0, "database is locked").

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet: a mint refusing status reads while the wallet waits", .timeLimit(.minutes(5)))
struct WalletRefusedReadTests {
    static let busy = MintProxyFault.refusal(code: 0, detail: "database is locked")

    /// Runs `body` with a wallet that reaches `mint` (default: the shared one) only through a fresh proxy; with
    /// `subscribed`, the wallet waits through a subscription that never notifies, so every check is its own.
    static func withProxiedWallet(
        mint: TestMint? = nil, subscribed: Bool = false,
        options: WalletOptions = WalletOptions(pollInterval: .milliseconds(50)),
        _ body: (TestWallet, MintProxy) async throws -> Void
    ) async throws {
        let upstream: TestMint
        if let mint { upstream = mint } else { upstream = try await TestMint.shared }
        let proxy = try await MintProxy.start(inFrontOf: upstream)
        do {
            let wallet = try await TestWallet.open(through: proxy, options: options)
            defer { wallet.remove() }
            try await wallet.wallet.addMint(proxy.url)
            if subscribed { await wallet.wallet.setSubscriptionTransport(FakeSubscriptionTransport(.manual)) }
            try await body(wallet, proxy)
        } catch {
            await proxy.shutdown()
            throw error
        }
        await proxy.shutdown()
    }

    @Test(
        "refused quote checks up to the limit: the wait sits them out and the quote is minted",
        arguments: [false, true])
    func refusalsSatOut(subscribed: Bool) async throws {
        try await Self.withProxiedWallet(subscribed: subscribed) { wallet, proxy in
            let quote = try await wallet.wallet.requestMintQuote(amount: 16, mint: proxy.url)
            let path = "/v1/mint/quote/bolt11/\(quote.id)"
            proxy.inject(Self.busy, method: "GET", path: path, times: TransientReadFailures.limit)
            let paid = try await wallet.wallet.waitForMintQuote(quote.id, timeout: .seconds(30))
            #expect(paid.state == .paid)
            #expect(proxy.armedFaults == 0)
            #expect(proxy.requests("GET", path).count > TransientReadFailures.limit)
            #expect(try await wallet.wallet.mint(quoteID: quote.id).amount == 16)
        }
    }

    @Test(
        "refusals that go on: the wait ends with the mint's own error once the limit is passed",
        arguments: [false, true])
    func refusalsEndTheWait(subscribed: Bool) async throws {
        try await Self.withProxiedWallet(subscribed: subscribed) { wallet, proxy in
            let quote = try await wallet.wallet.requestMintQuote(amount: 16, mint: proxy.url)
            let path = "/v1/mint/quote/bolt11/\(quote.id)"
            proxy.inject(Self.busy, method: "GET", path: path, times: 100)
            let error = await #expect(throws: WalletError.self) {
                try await wallet.wallet.waitForMintQuote(quote.id, timeout: .seconds(30))
            }
            #expect(error?.code == .mintRefused)
            #expect(error?.mintError?.detail == "database is locked")
            #expect(proxy.requests("GET", path).count == TransientReadFailures.limit + 1)
        }
    }

    @Test("a refused write is not retried: one request, the refusal reported")
    func refusedWrite() async throws {
        try await Self.withProxiedWallet { wallet, proxy in
            proxy.inject(Self.busy, method: "POST", path: "/v1/mint/quote/bolt11")
            let error = await #expect(throws: WalletError.self) {
                try await wallet.wallet.requestMintQuote(amount: 16, mint: proxy.url)
            }
            #expect(error?.code == .mintRefused)
            #expect(proxy.requests("POST", "/v1/mint/quote/bolt11").count == 1)
        }
    }

    @Test("a pending melt whose checks the mint keeps refusing: the wait ends pending, never 'failed', proofs held")
    func meltWaitStaysPending() async throws {
        let environment = ["FAKEWALLET_PAY_INVOICE_STATE": "PENDING", "FAKEWALLET_PAYMENT_STATE": "PENDING"]
        let invoice = try await TestMint.shared.invoice(amount: 10)
        try await TestMint.with(environment: environment) { pendingMint in
            try await Self.withProxiedWallet(mint: pendingMint) { wallet, proxy in
                try await wallet.fund(64, through: proxy)
                let quote = try await wallet.wallet.meltQuote(request: invoice, mint: proxy.url)
                let melt = try await wallet.wallet.melt(quoteID: quote.id)
                try #require(melt.state == .pending)
                let path = "/v1/melt/quote/bolt11/\(quote.id)"
                let earlier = proxy.requests("GET", path).count
                proxy.inject(Self.busy, method: "GET", path: path, times: 100)

                let error = await #expect(throws: WalletError.self) {
                    try await wallet.wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(30))
                }
                #expect(error?.code == .pending, "\(String(describing: error))")
                #expect(error?.operationID == melt.operationID)
                #expect(error?.mintError?.detail == "database is locked")
                #expect(proxy.requests("GET", path).count - earlier == TransientReadFailures.limit + 1)
                #expect(try await !wallet.wallet.proofs(mint: proxy.url, statuses: [.pending]).isEmpty)
            }
        }
    }
}
