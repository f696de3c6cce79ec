// Engine tests: transfers between two scripted mints — quoted, paid, minted, and continued by recovery after each
// way a step can stop.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: transfer")
struct WalletTransferEngineTests {
    /// A wallet holding `amount` at mint A, knowing mint B (whose invoices are paid only when `autoPay`).
    private static func make(amount: UInt64 = 200, autoPay: Bool = true, inputFeePPK: UInt64 = 0) async throws
        -> (wallet: Wallet, a: ScriptedMint, b: ScriptedMint, store: InMemoryWalletStore, secrets: InMemorySecureStore)
    {
        let a = ScriptedMint(host: "a.example", inputFeePPK: inputFeePPK)
        let b = ScriptedMint(host: "b.example")
        let store = InMemoryWalletStore()
        let secrets = InMemorySecureStore()
        let wallet = try await ScriptedWallet.open(mints: [a, b], store: store, secureStore: secrets)
        try await ScriptedWallet.fund(wallet, at: a, amount: amount)
        try await wallet.addMint(b.url)
        b.autoPayMintQuotes = autoPay
        return (wallet, a, b, store, secrets)
    }

    @Test("a transfer melts at A for B's invoice and mints at B; the fee is what A kept")
    func movesTheAmount() async throws {
        let (wallet, a, b, _, _) = try await Self.make()
        let quote = try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        #expect(quote.meltQuote.request == quote.mintQuote.request)
        #expect(quote.most == 100 + quote.meltQuote.feeReserve + quote.inputFeeEstimate)
        let result = try await wallet.transfer(quote)
        #expect(result.state == .done)
        #expect(result.arrived == 100)
        #expect(try await wallet.balance(mint: b.url) == 100)
        let fee = try #require(result.fee)
        #expect(try await wallet.balance(mint: a.url) + 100 + fee == 200)
        #expect(try await wallet.openTransfers().isEmpty)
        #expect(try await wallet.transfer(id: result.operationID)?.state == .done)
    }

    @Test("everything: the amount is what the balance leaves after the fee reserve and input fees")
    func movesEverything() async throws {
        let (wallet, a, b, _, _) = try await Self.make(amount: 200, inputFeePPK: 100)
        let quote = try await wallet.transferAllQuote(from: a.url, to: b.url)
        #expect(quote.most <= 200)
        let result = try await wallet.transfer(quote)
        #expect(result.state == .done)
        #expect(try await wallet.balance(mint: b.url) == quote.amount)
        // The fee reserve not used by Lightning comes back as change; the estimate's slack stays too.
        let left = try await wallet.balance(mint: a.url)
        #expect(left <= quote.meltQuote.feeReserve + quote.inputFeeEstimate, "\(quote), \(result.fee ?? 0)")
    }

    @Test("more than A holds is refused before anything is asked of the mints' wallets")
    func insufficientFunds() async throws {
        let (wallet, a, b, _, _) = try await Self.make(amount: 50)
        let error = await #expect(throws: WalletError.self) {
            try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        }
        #expect(error?.code == .insufficientFunds)
        #expect(a.count(.melt) == 0)
    }

    @Test("the same mint twice is refused")
    func sameMint() async throws {
        let (wallet, a, _, _, _) = try await Self.make()
        let error = await #expect(throws: WalletError.self) {
            try await wallet.transferQuote(amount: 10, from: a.url, to: a.url)
        }
        #expect(error?.code == .invalidInput)
    }

    @Test("a refused payment ends the transfer as failed with nothing moved, and the proofs are back")
    func refusedPaymentFails() async throws {
        let (wallet, a, b, store, _) = try await Self.make()
        let quote = try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        a.setMeltBehaviour(.fail, quote: quote.meltQuote.id)
        let error = await #expect(throws: WalletError.self) { try await wallet.transfer(quote) }
        #expect(error?.reason.contains("nothing moved") == true)
        let id = try #require(error?.operationID)
        #expect(try await wallet.transfer(id: id)?.state == .failed)
        #expect(try await wallet.balance(mint: a.url) == 200)
        #expect(try await store.read { tx in try tx.unfinishedOperations() }.isEmpty)
    }

    @Test("B not seeing the payment yet leaves it pending; recovery mints once B has it")
    func destinationLagsThenRecovers() async throws {
        let (wallet, a, b, store, _) = try await Self.make(autoPay: false)
        let quote = try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        let result = try await wallet.transfer(quote, mintWait: .milliseconds(50))
        #expect(result.state == .pending)
        #expect(result.reason?.contains("has not seen the payment") == true)
        #expect(try await wallet.openTransfers().map(\.operationID) == [result.operationID])
        // A pass before B has it changes nothing.
        let early = await wallet.recover()
        #expect(early.unresolved.map(\.0) == [result.operationID])
        b.payMintQuote(quote.mintQuote.id)
        let report = await wallet.recover()
        #expect(report.resolved.contains(result.operationID))
        #expect(try await wallet.balance(mint: b.url) == 100)
        #expect(try await store.read { tx in try tx.unfinishedOperations() }.isEmpty)
        #expect(a.meltQuoteState(quote.meltQuote.id) == .paid)
    }

    @Test("a payment in flight leaves it pending; recovery settles the melt, then mints")
    func paymentInFlight() async throws {
        let (wallet, a, b, _, _) = try await Self.make()
        let quote = try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        a.setMeltBehaviour(.pending, quote: quote.meltQuote.id)
        let result = try await wallet.transfer(quote)
        #expect(result.state == .pending)
        #expect(try await wallet.balance(mint: b.url) == 0)
        #expect(a.settlePendingMelt(quote: quote.meltQuote.id, paid: true))
        let report = await wallet.recover()
        #expect(report.resolved.contains(result.operationID))
        #expect(try await wallet.balance(mint: b.url) == 100)
        #expect(try await wallet.transfer(id: result.operationID)?.state == .done)
    }

    @Test("a lost melt answer is pending; recovery learns it was paid (one payment) and mints")
    func lostMeltAnswer() async throws {
        let (wallet, a, b, _, _) = try await Self.make()
        let quote = try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        a.script(.melt, .lostAnswer())
        let result = try await wallet.transfer(quote)
        #expect(result.state == .pending)
        _ = await wallet.recover()
        #expect(try await wallet.balance(mint: b.url) == 100)
        #expect(a.meltQuoteState(quote.meltQuote.id) == .paid)
        #expect(b.mintQuoteState(quote.mintQuote.id) == .issued)
    }

    @Test("a lost mint answer at B is pending; recovery restores the signatures")
    func lostMintAnswer() async throws {
        let (wallet, a, b, _, _) = try await Self.make()
        let quote = try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        b.script(.mint, .lostAnswer())
        let result = try await wallet.transfer(quote)
        #expect(result.state == .pending)
        let report = await wallet.recover()
        #expect(report.resolved.contains(result.operationID))
        #expect(try await wallet.balance(mint: b.url) == 100)
        #expect(b.mintQuoteState(quote.mintQuote.id) == .issued)
    }

    @Test("a transfer journaled but never started is paid by recovery while its quotes are valid")
    func journaledOnlyIsContinued() async throws {
        let (wallet, a, b, store, secrets) = try await Self.make()
        let quote = try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        // B unreachable for the mint only: the transfer stops after the payment.
        b.script(.mint, .unreachable)
        b.script(.mintQuoteState, .unreachable)
        let result = try await wallet.transfer(quote)
        #expect(result.state == .pending)
        let reopened = try await ScriptedWallet.open(mints: [a, b], store: store, secureStore: secrets)
        #expect(try await reopened.balance(mint: b.url) == 100)
        #expect(try await reopened.openTransfers().isEmpty)
    }

    @Test("the destination of a transfer under way cannot be removed")
    func destinationKept() async throws {
        let (wallet, a, b, _, _) = try await Self.make(autoPay: false)
        let quote = try await wallet.transferQuote(amount: 100, from: a.url, to: b.url)
        let result = try await wallet.transfer(quote, mintWait: .milliseconds(20))
        #expect(result.state == .pending)
        await #expect(throws: WalletError.self) { try await wallet.removeMint(b.url) }
        b.payMintQuote(quote.mintQuote.id)
        _ = await wallet.recover()
        #expect(try await wallet.balance(mint: b.url) == 100)
    }

    @Test("a quote already used for a transfer is refused")
    func quoteUsedOnce() async throws {
        let (wallet, a, b, _, _) = try await Self.make()
        let quote = try await wallet.transferQuote(amount: 50, from: a.url, to: b.url)
        _ = try await wallet.transfer(quote)
        let error = await #expect(throws: WalletError.self) { try await wallet.transfer(quote) }
        #expect(error?.code == .quoteState)
        #expect(try await wallet.balance(mint: b.url) == 50)
    }
}
