// Engine tests: a prepared operation's hold is released even when the store refuses the first release, and a quote
// a prepared payment holds is not paid around it.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: releasing holds")
struct WalletHoldReleaseEngineTests {
    @Test("a cancel whose release the store refuses is retried: the proofs come back without another call")
    func cancelRetriedAfterAStoreFailure() async throws {
        let mint = ScriptedMint()
        let store = FailingStore()
        let wallet = try await Wallet.open(
            store: store, secureStore: InMemorySecureStore(), connectorFactory: ScriptedWallet.connectorFactory([mint]))
        try await wallet.addMint(mint.url)
        try await ScriptedWallet.fund(wallet, at: mint, amount: 100)
        let prepared = try await wallet.prepareSend(
            amount: 30, mint: mint.url, options: SendOptions(preferOffline: false), holdFor: .seconds(3600))
        #expect(try await wallet.balance() < 100)
        store.failNextWrites(1)
        await prepared.cancel()
        // The retry runs about a second later, without the front end doing anything.
        var balance = try await wallet.balance()
        for _ in 0..<50 where balance != 100 {
            try await Task.sleep(for: .milliseconds(100))
            balance = try await wallet.balance()
        }
        #expect(balance == 100)
        #expect(try await store.read { tx in try tx.unfinishedOperations() }.isEmpty)
    }

    @Test("a direct melt of a quote a prepared payment holds is refused before any swap is paid for it")
    func directMeltOfAHeldQuoteIsRefused() async throws {
        let harness = try await EngineHarness.make(amount: 1000, mint: ScriptedMint(inputFeePPK: 100, feeReserve: 2))
        let prepared = try await harness.wallet.preparePay(
            request: harness.mint.makeInvoice(amount: 300), mint: harness.mint.url)
        let before = try await harness.wallet.activity(limit: 20).count
        let error = await harness.error { try await harness.wallet.melt(quoteID: prepared.quote.id) }
        #expect(error?.code == .pending)
        #expect(error?.operationID == prepared.operationID)
        // Nothing ran: no swap line, and the prepared payment still pays.
        #expect(try await harness.wallet.activity(limit: 20).count == before)
        let paid = try await prepared.confirm()
        #expect(paid.state == .paid)
    }
}
