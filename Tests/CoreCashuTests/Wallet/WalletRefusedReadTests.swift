// Tests of Wallet/Operations/Wallet+Waiting, Wallet+MeltWait and Wallet+Melt against real mints behind a MintProxy
// that refuses requests the way Nutshell does when its database is busy (400, code 0, "database is locked").

import CashuTestSupport
import Foundation
import Testing

@testable import CoreCashu

@Suite("Wallet: a mint refusing status reads while the wallet waits")
struct WalletRefusedReadTests {
    static let busy = MintProxyFault.refusal(code: 0, detail: "database is locked")

    /// Runs `body` with a wallet that reaches `mint` (default: the shared one) only through a fresh proxy; with
    /// `subscribed`, the wallet waits through a subscription that never notifies, so every check is its own.
    static func withProxiedWallet(
        mint: TestMint? = nil, subscribed: Bool = false, _ body: (TestWallet, MintProxy) async throws -> Void
    ) async throws {
        let upstream: TestMint
        if let mint { upstream = mint } else { upstream = try await TestMint.shared }
        let proxy = try await MintProxy.start(inFrontOf: upstream)
        do {
            let wallet = try await TestWallet.open(through: proxy, options: WalletOptions(pollInterval: .milliseconds(50)))
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

    /// How the check that follows a refused payment fails.
    enum CheckFault: String, CaseIterable, Sendable {
        case quoteStateRefused, checkstateRefused, quoteStateCut

        var method: String { self == .checkstateRefused ? "POST" : "GET" }
        func path(quote: String) -> String {
            self == .checkstateRefused ? "/v1/checkstate" : "/v1/melt/quote/bolt11/\(quote)"
        }
        var fault: MintProxyFault {
            switch self {
            case .quoteStateRefused: .refusal(code: 0, detail: "busy quote state")
            case .checkstateRefused: .refusal(code: 0, detail: "busy checkstate")
            case .quoteStateCut: .cutMidResponse
            }
        }
        /// How many requests fail: the connector retries a `GET` once after a transport failure.
        var times: Int { self == .quoteStateCut ? 2 : 1 }
        /// The mint's error the caller sees, when the check was refused.
        var detail: String? {
            switch self {
            case .quoteStateRefused: "busy quote state"
            case .checkstateRefused: "busy checkstate"
            case .quoteStateCut: nil
            }
        }
    }

    @Test(
        "a refused payment whose check fails too: pending with the proofs held, settled by recovery",
        arguments: CheckFault.allCases)
    func refusedMeltThenFailedCheck(_ check: CheckFault) async throws {
        let invoice = try await TestMint.externalInvoice(amount: 10)
        try await Self.withProxiedWallet { wallet, proxy in
            try await wallet.fund(64, through: proxy)
            let quote = try await wallet.wallet.meltQuote(request: invoice, mint: proxy.url)
            proxy.inject(.refusal(code: 0, detail: "busy payment"), method: "POST", path: "/v1/melt/bolt11")
            proxy.inject(check.fault, method: check.method, path: check.path(quote: quote.id), times: check.times)

            // Nothing is decided: "refused" would read as "failed, proofs released", while the payment stays
            // journaled and the next recovery sends it.
            let error = await #expect(throws: WalletError.self) { try await wallet.wallet.melt(quoteID: quote.id) }
            #expect(error?.code == .pending, "\(String(describing: error))")
            if let detail = check.detail { #expect(error?.mintError?.detail == detail) }
            let operation = try #require(error?.operationID)
            #expect(proxy.armedFaults == 0)
            #expect(try await !wallet.wallet.proofs(mint: proxy.url, statuses: [.pending]).isEmpty)

            // Recovery sends the payment to the shared mint, which a loaded run may find busy.
            let report = try await BusyTestMint.retrying { () async throws -> RecoveryReport in
                let report = await wallet.wallet.recover()
                if let (_, unresolved) = report.unresolved.first { throw unresolved }
                return report
            }
            #expect(report.resolved == [operation])
            #expect(try await wallet.wallet.proofs(mint: proxy.url, statuses: [.reserved, .pending]).isEmpty)
            #expect(try await wallet.wallet.history().first { $0.id == operation }?.state == .done)
            #expect(try await wallet.balanceConfirmedByMint(behind: proxy) == wallet.wallet.balance())
        }
    }

    @Test("a payment the mint refuses for good: the refusal, no operation id, the proofs released")
    func refusedMeltSettledAsFailed() async throws {
        let invoice = try await TestMint.externalInvoice(amount: 10)
        try await Self.withProxiedWallet { wallet, proxy in
            try await wallet.fund(64, through: proxy)
            let quote = try await wallet.wallet.meltQuote(request: invoice, mint: proxy.url)
            proxy.inject(.refusal(code: 20007, detail: "quote expired"), method: "POST", path: "/v1/melt/bolt11")

            let error = await #expect(throws: WalletError.self) { try await wallet.wallet.melt(quoteID: quote.id) }
            #expect(error?.code == .mintRefused, "\(String(describing: error))")
            #expect(error?.mintError?.known == .quoteExpired)
            // An id would tell the offline queue to wait on an operation that is already closed.
            #expect(error?.operationID == nil)
            #expect(try await wallet.wallet.proofs(mint: proxy.url, statuses: [.reserved, .pending]).isEmpty)
            #expect(try await wallet.wallet.history().first { $0.kind == .melt }?.state == .failed)
            #expect(try await wallet.balanceConfirmedByMint(behind: proxy) == wallet.wallet.balance())
        }
    }
}
