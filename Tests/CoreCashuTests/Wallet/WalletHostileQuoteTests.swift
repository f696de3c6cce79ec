// Tests of Wallet/Operations/Wallet+MeltQuote.swift and +MintQuote.swift against a mint (behind a proxy) that lies in
// its quotes: more than the invoice asks, another amount or unit than requested. Nothing is stored or spent.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet against lying quotes", .serialized, .timeLimit(.minutes(5)))
struct WalletHostileQuoteTests {
    static func editing(_ key: String, _ edit: @escaping @Sendable (Any?) -> Any) -> MintProxyFault {
        .replaceBody("edit \(key)") { data in
            guard var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return data }
            object[key] = edit(object[key])
            return (try? JSONSerialization.data(withJSONObject: object)) ?? data
        }
    }

    @Test func meltQuoteAskingMoreThanTheInvoiceIsRefused() async throws {
        let proxy = try await MintProxy.start(inFrontOf: try await TestMint.shared)
        defer { Task { await proxy.shutdown() } }
        let wallet = try await TestWallet.open(through: proxy)
        defer { wallet.remove() }
        try await wallet.fund(300, through: proxy)
        proxy.inject(Self.editing("amount") { ($0 as? Int ?? 0) + 50 }, path: "/v1/melt/quote/bolt11")
        let invoice = try await TestMint.externalInvoice(amount: 100)
        await #expect { try await wallet.wallet.meltQuote(request: invoice, mint: proxy.url) } throws: {
            ($0 as? WalletError)?.code == .invalidMintResponse
        }
        #expect(try await wallet.wallet.meltQuotes().isEmpty)
        #expect(try await wallet.wallet.balance() == 300)
    }

    @Test func mintQuoteForAnotherAmountOrUnitIsRefused() async throws {
        let proxy = try await MintProxy.start(inFrontOf: try await TestMint.shared)
        defer { Task { await proxy.shutdown() } }
        let wallet = try await TestWallet.open(through: proxy)
        defer { wallet.remove() }
        try await wallet.wallet.addMint(proxy.url)
        proxy.inject(Self.editing("amount") { _ in 1 }, path: "/v1/mint/quote/bolt11")
        await #expect { try await wallet.wallet.requestMintQuote(amount: 100, mint: proxy.url) } throws: {
            ($0 as? WalletError)?.code == .invalidMintResponse
        }
        proxy.inject(Self.editing("unit") { _ in "usd" }, path: "/v1/mint/quote/bolt11")
        await #expect { try await wallet.wallet.requestMintQuote(amount: 100, mint: proxy.url) } throws: {
            ($0 as? WalletError)?.code == .invalidMintResponse
        }
        #expect(try await wallet.wallet.mintQuotes().isEmpty)
    }
}
