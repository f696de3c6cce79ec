// Tests of Wallet/Operations/Wallet+RefusedWrite, through Wallet+Mint, Wallet+Swap and Wallet+Melt, against real mints
// behind a MintProxy: the mint refuses a write the way Nutshell does when busy (400, code 0), and the check of what
// became of it fails too. The operation stays journaled, so the caller must hear "pending", never "refused".

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet: a refused write whose outcome cannot be checked", .timeLimit(.minutes(5)))
struct WalletRefusedWriteTests {
    static func busy(_ what: String) -> MintProxyFault { .refusal(code: 0, detail: "busy \(what)") }

    /// This suite's own mint: recovery sends each refused write again, and the shared mint, busy in a loaded run,
    /// could refuse that for real and close the operation as failed.
    private static let ownMint = Task { try await TestMint.start() }

    /// Runs `body` with a wallet that reaches this suite's mint only through a fresh proxy.
    static func withProxiedWallet(
        options: WalletOptions = WalletOptions(pollInterval: .milliseconds(50)),
        _ body: (TestWallet, MintProxy) async throws -> Void
    ) async throws {
        try await WalletRefusedReadTests.withProxiedWallet(mint: try await ownMint.value, options: options, body)
    }

    /// Recovery's report, recorded as a failure when an operation stays open.
    static func recover(_ wallet: TestWallet) async throws -> RecoveryReport {
        let report = await wallet.wallet.recover()
        if let (_, unresolved) = report.unresolved.first { throw unresolved }
        return report
    }

    @Test("a refused mint whose NUT-09 check is refused too: pending, and recovery mints it")
    func refusedMintThenRefusedRestore() async throws {
        try await Self.withProxiedWallet { wallet, proxy in
            let quote = try await wallet.wallet.requestMintQuote(amount: 32, mint: proxy.url)
            _ = try await wallet.wallet.waitForMintQuote(quote.id, timeout: .seconds(20))
            proxy.inject(Self.busy("mint"), method: "POST", path: "/v1/mint/bolt11")
            proxy.inject(Self.busy("restore"), method: "POST", path: "/v1/restore")

            let error = await #expect(throws: WalletError.self) { try await wallet.wallet.mint(quoteID: quote.id) }
            #expect(error?.code == .pending, "\(String(describing: error))")
            #expect(error?.mintError?.detail == "busy restore")
            let operation = try #require(error?.operationID)
            #expect(proxy.armedFaults == 0)

            let report = try await Self.recover(wallet)
            #expect(report.resolved == [operation])
            #expect(try await wallet.wallet.balance() == 32)
            #expect(try await wallet.balanceConfirmedByMint(behind: proxy) == 32)
        }
    }

    @Test("a refused receive whose NUT-07 check is refused too: pending, and recovery receives it")
    func refusedReceiveThenRefusedCheck() async throws {
        try await Self.withProxiedWallet { wallet, proxy in
            let sender = try await TestWallet.open(through: proxy)
            defer { sender.remove() }
            try await sender.fund(64, through: proxy)
            let token = try await sender.wallet.send(amount: 20, mint: proxy.url).token
            proxy.inject(Self.busy("swap"), method: "POST", path: "/v1/swap")
            proxy.inject(Self.busy("checkstate"), method: "POST", path: "/v1/checkstate")

            let error = await #expect(throws: WalletError.self) { try await wallet.wallet.receive(token: token) }
            #expect(error?.code == .pending, "\(String(describing: error))")
            #expect(error?.mintError?.detail == "busy checkstate")
            let operation = try #require(error?.operationID)
            #expect(proxy.armedFaults == 0)

            let report = try await Self.recover(wallet)
            #expect(report.resolved == [operation])
            let fee = try #require(try await wallet.wallet.history().first { $0.id == operation }).fee
            #expect(try await wallet.wallet.balance() + fee == 20)
            #expect(try await wallet.balanceConfirmedByMint(behind: proxy) + fee == 20)
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

            let report = try await Self.recover(wallet)
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

    @Test("a payment whose preparing swap is refused and cannot be checked: pending, nothing paid, then paid once")
    func refusedSwapBeforeAPayment() async throws {
        let invoice = try await TestMint.externalInvoice(amount: 10)
        // No spread of denominations: 64 sat is one proof, so paying 10 needs a swap to the exact amount first.
        let options = WalletOptions(targetProofsPerDenomination: 0, pollInterval: .milliseconds(50))
        try await Self.withProxiedWallet(options: options) { wallet, proxy in
            try await wallet.fund(64, through: proxy)
            let quote = try await wallet.wallet.meltQuote(request: invoice, mint: proxy.url)
            proxy.inject(Self.busy("swap"), method: "POST", path: "/v1/swap")
            proxy.inject(Self.busy("checkstate"), method: "POST", path: "/v1/checkstate")

            let error = await #expect(throws: WalletError.self) { try await wallet.wallet.melt(quoteID: quote.id) }
            #expect(error?.code == .pending, "\(String(describing: error))")
            #expect(error?.reason.hasPrefix("nothing was paid") == true)
            #expect(proxy.requests("POST", "/v1/melt/bolt11").isEmpty)
            #expect(try await wallet.wallet.openMelt(quoteID: quote.id) == nil)
            #expect(try await wallet.wallet.meltQuotes(mint: proxy.url).first { $0.id == quote.id }?.state == .unpaid)

            _ = try await Self.recover(wallet)
            #expect(try await wallet.wallet.melt(quoteID: quote.id).state == .paid)
            #expect(proxy.requests("POST", "/v1/melt/bolt11").count == 1)
            #expect(try await wallet.balanceConfirmedByMint(behind: proxy) == wallet.wallet.balance())
        }
    }
}
