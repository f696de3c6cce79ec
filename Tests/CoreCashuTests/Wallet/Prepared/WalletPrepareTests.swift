// Tests of prepare, then confirm, against real Nutshell mints with input fees (100 ppk): the fees a prepared send,
// payment, transfer or receive shows are the fees paid (to the sat), or an upper bound the change returns; cancel
// releases and asks the mint nothing; one proof is never prepared twice.

import CashuTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import CashuEngine
import CoreCashu

@Suite("Wallet prepare and confirm against Nutshell", .serialized, .timeLimit(.minutes(5)))
struct WalletPrepareTests {
    /// Two mints of this suite's own, so their liabilities change only with what these tests do.
    private static let mints = Task { () throws -> [TestMint] in
        async let a = TestMint.start()
        async let b = TestMint.start()
        return try await [a, b]
    }

    @Test("a prepared send's fee is what the mint keeps; the receiver's shown fee is what it keeps of the token")
    func sendAndReceiveFees() async throws {
        let mint = try await Self.mints.value[0]
        let sender = try await TestWallet.open()
        let receiver = try await TestWallet.open()
        defer { sender.remove(); receiver.remove() }
        try await sender.fund(1000, at: mint)
        let before = try await mint.liabilities()
        let prepared = try await sender.wallet.prepareSend(
            amount: 300, mint: mint.url, options: SendOptions(preferOffline: false))
        #expect(prepared.swaps)
        #expect(prepared.fee > 0)
        // Held, not spent: the mint has seen nothing.
        #expect(try await mint.liabilities() == before)
        let sent = try await sender.wallet.confirm(prepared)
        #expect(sent.fee == prepared.fee)
        #expect(try await sender.wallet.balance() == 1000 - prepared.total)
        #expect(before - (try await mint.liabilities()) == Int64(prepared.fee))
        try await receiver.wallet.addMint(mint.url)
        let look = try await receiver.wallet.prepareReceive(token: sent.token)
        let entry = try #require(look.entries.first)
        #expect(entry.fee == prepared.receiverFee)
        #expect(entry.alreadySpent == false && entry.mintReachable == true)
        let middle = try await mint.liabilities()
        let received = try await look.confirm()
        #expect(received.amount == entry.received)
        #expect(middle - (try await mint.liabilities()) == Int64(try #require(entry.fee)))
        #expect(try await receiver.wallet.prepareReceive(token: sent.token).entries.first?.alreadySpent == true)
    }

    @Test("cancel releases the held proofs and the mint sees nothing")
    func cancel() async throws {
        let mint = try await Self.mints.value[0]
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(500, at: mint)
        let before = try await mint.liabilities()
        let prepared = try await wallet.wallet.prepareSend(
            amount: 200, mint: mint.url, options: SendOptions(preferOffline: false))
        #expect(try await wallet.wallet.balance() == 500 - prepared.reserved)
        await prepared.cancel()
        #expect(try await wallet.wallet.balance() == 500)
        #expect(try await mint.liabilities() == before)
        #expect(try await wallet.wallet.proofs(statuses: [.reserved]).isEmpty)
        #expect(try await wallet.balanceConfirmedByMint(mint) == 500)
    }

    @Test("two prepares of one proof: the second is refused")
    func noDoubleHold() async throws {
        let mint = try await Self.mints.value[0]
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(64, at: mint)
        let all = try await wallet.wallet.balance()
        let first = try await wallet.wallet.prepareSend(amount: all, mint: mint.url)
        await #expect(throws: WalletError.self) { try await wallet.wallet.prepareSend(amount: 1, mint: mint.url) }
        await first.cancel()
        _ = try await wallet.wallet.prepareSend(amount: 1, mint: mint.url, options: SendOptions(preferOffline: false))
    }

    @Test("a prepared payment pays at most what it showed; the mint's liabilities fall by what the balance lost")
    func payment() async throws {
        let mint = try await Self.mints.value[0]
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(1000, at: mint)
        let before = try await mint.liabilities()
        let invoice = try await TestMint.externalInvoice(amount: 100)
        let prepared = try await wallet.wallet.preparePay(request: invoice, mint: mint.url)
        #expect(prepared.amount == 100)
        #expect(prepared.most == 100 + prepared.feeReserve + prepared.inputFee)
        let result = try await prepared.confirm()
        #expect(result.state == .paid)
        let spent = 1000 - (try await wallet.wallet.balance())
        #expect(spent <= prepared.most)
        #expect(spent == 100 + result.fee)
        #expect(before - (try await mint.liabilities()) == Int64(spent))
        #expect(try await wallet.balanceConfirmedByMint(mint) == 1000 - spent)
    }

    @Test("a prepared transfer moves the amount within the most it showed")
    func transfer() async throws {
        let mints = try await Self.mints.value
        let (a, b) = (mints[0], mints[1])
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.fund(500, at: a)
        try await wallet.wallet.addMint(b.url)
        let prepared = try await wallet.wallet.prepareTransfer(amount: 100, from: a.url, to: b.url)
        #expect(prepared.most == 100 + prepared.fee)
        let result = try await prepared.confirm()
        #expect(result.state == .done)
        #expect(try await wallet.wallet.balance(mint: b.url) == 100)
        #expect(500 - (try await wallet.wallet.balance(mint: a.url)) <= prepared.most)
    }
}
