// Tests of Wallet/Operations/Wallet+Waiting against the real mint behind a MintProxy that refuses status reads the
// way Nutshell does when its database is busy (400, code 0, "database is locked").

import CashuTestSupport
import Foundation
import Testing

@testable import CoreCashu

@Suite("Wallet: a mint refusing status reads while the wallet waits")
struct WalletRefusedReadTests {
    static let busy = MintProxyFault.refusal(code: 0, detail: "database is locked")

    /// Runs `body` with a wallet that reaches the shared mint only through a fresh proxy.
    static func withProxiedWallet(_ body: (TestWallet, MintProxy) async throws -> Void) async throws {
        let proxy = try await MintProxy.start(inFrontOf: try await TestMint.shared)
        do {
            let wallet = try await TestWallet.open(through: proxy, options: WalletOptions(pollInterval: .milliseconds(50)))
            defer { wallet.remove() }
            try await wallet.wallet.addMint(proxy.url)
            try await body(wallet, proxy)
        } catch {
            await proxy.shutdown()
            throw error
        }
        await proxy.shutdown()
    }

    @Test("refused quote checks below the limit: the wait sits them out and the quote is minted")
    func refusalsSatOut() async throws {
        try await Self.withProxiedWallet { wallet, proxy in
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

    @Test("refusals that go on: the wait ends with the mint's own error once the limit is passed")
    func refusalsEndTheWait() async throws {
        try await Self.withProxiedWallet { wallet, proxy in
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
}
