// Tests of the proof-of-payment check in Wallet/Operations/Wallet+Melt.swift against real Nutshell mints: what
// FakeWallet's preimages prove, a preimage that does hash to the invoice (set by a MintProxy), a melt settled later,
// and a mint's own invoice settled internally.

import CashuTestSupport
import Crypto
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet proof of payment", .timeLimit(.minutes(5)))
struct WalletProofOfPaymentTests {
    /// A hostile (or honest Lightning) mint's answer: `payment_preimage` replaced by `preimage`.
    static func settingPreimage(_ preimage: String) -> MintProxyFault {
        .replaceBody("preimage") { data in
            guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return data }
            object["payment_preimage"] = preimage
            return (try? JSONSerialization.data(withJSONObject: object)) ?? data
        }
    }

    @Test("FakeWallet pays another mint's invoice with an all-zero preimage: paid, but a mismatch, logged by quote id")
    func zeroPreimageIsAMismatch() async throws {
        let mint = try await TestMint.shared
        let (logger, logs) = CapturingLogHandler.logger()
        let wallet = try await TestWallet.open(logger: logger)
        defer { wallet.remove() }
        try await wallet.fund(200, at: mint)
        let quote = try await wallet.wallet.meltQuote(
            request: try await TestMint.externalInvoice(amount: 50), mint: mint.url)
        let result = try await wallet.wallet.melt(quoteID: quote.id)

        #expect(result.state == .paid)
        #expect(result.paymentPreimage == String(repeating: "0", count: 64))
        #expect(result.proofOfPayment == .mismatch)
        // Nothing is undone: the proofs are spent, the history says paid, the quote remembers the verdict.
        #expect(try await wallet.wallet.history().first { $0.kind == .melt }?.state == .done)
        #expect(try await wallet.wallet.proofs(statuses: [.pending, .reserved]).isEmpty)
        #expect(try await wallet.balanceConfirmedByMint(mint) == (try await wallet.wallet.balance()))
        #expect(try await wallet.wallet.meltQuotes().first { $0.id == quote.id }?.proofOfPayment == .mismatch)

        let notices = logs.records.filter { $0.message.contains("preimage does not match") }
        #expect(notices.count == 1)
        #expect(notices.first?.level == .notice)
        #expect(notices.first?.metadata == ["quote": quote.id])
        let zeros = String(repeating: "0", count: 16)
        #expect(!logs.records.contains { $0.message.contains(zeros) })
        #expect(!logs.records.contains { $0.metadata.values.contains { $0.contains(zeros) } })
    }

    @Test("a preimage whose SHA-256 is the invoice's payment hash is verified, and nothing is logged")
    func matchingPreimageIsVerified() async throws {
        let mint = try await TestMint.shared
        let proxy = try await MintProxy.start(inFrontOf: mint)
        defer { Task { await proxy.shutdown() } }
        let (logger, logs) = CapturingLogHandler.logger()
        let wallet = try await TestWallet.open(through: proxy, logger: logger)
        defer { wallet.remove() }
        try await wallet.fund(200, through: proxy)
        // An invoice whose preimage the test knows; the mint's FakeWallet "pays" it and answers all zeros, and the
        // proxy answers what a real Lightning backend would.
        let preimage = Bolt11TestInvoice.randomPreimage()
        let invoice = try Bolt11TestInvoice.payable(amountSat: 30, preimage: preimage)
        let quote = try await wallet.wallet.meltQuote(request: invoice, mint: proxy.url)
        proxy.inject(Self.settingPreimage(Hex.encode(preimage)), path: "/v1/melt/bolt11")
        let result = try await wallet.wallet.melt(quoteID: quote.id)

        #expect(result.state == .paid && result.amount == 30)
        #expect(result.paymentPreimage == Hex.encode(preimage))
        #expect(result.proofOfPayment == .verified)
        #expect(try await wallet.wallet.meltQuotes().first { $0.id == quote.id }?.proofOfPayment == .verified)
        #expect(logs.records.filter { $0.level >= .warning }.isEmpty)

        // The history line leads back to the quote, and so to the proof: the closed journal keeps only the quote id.
        #expect(try await wallet.wallet.meltQuote(operation: result.operationID)?.proofOfPayment == .verified)
        let record = try await #require(try wallet.store.read { tx in try tx.operation(id: result.operationID) })
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(record.payload)) as? [String: Any])
        #expect(Set(kept.keys) == ["quoteID"])
        #expect(try await wallet.wallet.meltQuote(operation: try #require(wallet.wallet.history().last?.id)) == nil)
    }

    @Test("a melt whose answer was lost is checked when it settles later, by a second call or by recovery")
    func meltSettledLaterIsChecked() async throws {
        let mint = try await TestMint.shared
        let proxy = try await MintProxy.start(inFrontOf: mint)
        defer { Task { await proxy.shutdown() } }
        let wallet = try await TestWallet.open(through: proxy)
        defer { wallet.remove() }
        try await wallet.fund(300, through: proxy)

        for settleByRecovery in [false, true] {
            let preimage = Bolt11TestInvoice.randomPreimage()
            let invoice = try Bolt11TestInvoice.payable(amountSat: 20, preimage: preimage)
            let quote = try await wallet.wallet.meltQuote(request: invoice, mint: proxy.url)
            proxy.inject(.dropResponseAfterForwarding, path: "/v1/melt/bolt11")
            await #expect { try await wallet.wallet.melt(quoteID: quote.id) } throws: {
                ($0 as? WalletError)?.code == .pending
            }
            // Only the later answers (the quote's state) carry the right preimage.
            let quotePath = "/v1/melt/quote/bolt11/\(quote.id)"
            proxy.inject(Self.settingPreimage(Hex.encode(preimage)), method: "GET", path: quotePath, times: 10)
            if settleByRecovery {
                #expect(await wallet.wallet.recover().unresolved.isEmpty)
            } else {
                let result = try await wallet.wallet.melt(quoteID: quote.id)
                #expect(result.state == .paid)
                #expect(result.proofOfPayment == .verified)
            }
            #expect(try await wallet.wallet.meltQuotes().first { $0.id == quote.id }?.proofOfPayment == .verified)
            #expect(!proxy.requests("GET", quotePath).isEmpty)
            proxy.clearFaults()
        }
        #expect(try await wallet.wallet.proofs(statuses: [.pending, .reserved]).isEmpty)
    }

    @Test("the mint's own invoice, settled internally, comes without a preimage: absent")
    func internalSettlementHasNoPreimage() async throws {
        // FakeWallet marks its invoices paid only after this delay (or when a quote's state is asked), so the
        // invoice stays unpaid and the mint settles the melt internally.
        let mint = try await TestMint.start(environment: ["FAKEWALLET_DELAY_INCOMING_PAYMENT": "600"])
        defer { Task { await mint.stop() } }
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(200, at: mint)
        let quote = try await wallet.wallet.meltQuote(request: try await mint.invoice(amount: 40), mint: mint.url)
        #expect(quote.feeReserve == 0, "an internal payment has no Lightning fee")
        let result = try await wallet.wallet.melt(quoteID: quote.id)
        #expect(result.state == .paid)
        #expect(result.paymentPreimage == nil)
        #expect(result.proofOfPayment == .absent)
    }

    @Test("FakeWallet's preimage for its own invoice is hex text, and the payment hash is the SHA-256 of that text")
    func fakeWalletHashesItsPreimageAsText() async throws {
        // An msat invoice of the same FakeWallet, melted in sat: different units, so Nutshell pays it through the
        // backend instead of settling it internally, and FakeWallet knows the invoice's secret.
        let mint = try await TestMint.start(environment: [
            "MINT_BACKEND_BOLT11_MSAT": "FakeWallet", "MINT_DERIVATION_PATH_LIST": "[\"m/0'/1'/0'\"]",
        ])
        defer { Task { await mint.stop() } }
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(200, at: mint)
        let invoice = try await mint.connector().mintQuote(MintQuoteBolt11Request(amount: 25_000, unit: .msat)).request
        let quote = try await wallet.wallet.meltQuote(request: invoice, mint: mint.url)
        let result = try await wallet.wallet.melt(quoteID: quote.id)

        #expect(result.state == .paid)
        let preimage = try #require(result.paymentPreimage)
        #expect(preimage != String(repeating: "0", count: 64), "FakeWallet knew the invoice")
        #expect(result.proofOfPayment == .mismatch)
        let hash = try Bolt11Invoice(invoice).paymentHash
        #expect(Array(SHA256.hash(data: Array(preimage.utf8))) == hash, "FakeWallet hashes the preimage's hex text")
        #expect(Array(SHA256.hash(data: try Hex.decode(preimage))) != hash)
    }
}
