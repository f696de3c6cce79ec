// Engine tests: prepare, then confirm — sends, payments and transfers hold their proofs and state their fees; confirm
// spends exactly that, cancel and expiry release, a process that ended releases at the next start.

import CashuEngineTestSupport
import Foundation
import Testing

@testable import CashuEngine

@Suite("Wallet engine: prepare and confirm")
struct WalletPrepareEngineTests {
    let swapping = SendOptions(preferOffline: false)

    @Test("a prepared send holds its proofs and states its fee; confirm pays exactly that")
    func sendFeesAsShown() async throws {
        let harness = try await EngineHarness.make(amount: 1000, mint: ScriptedMint(inputFeePPK: 400))
        let prepared = try await harness.wallet.prepareSend(amount: 300, mint: harness.mint.url, options: swapping)
        #expect(prepared.swaps)
        #expect(prepared.amount == 300)
        #expect(prepared.fee > 0)
        #expect(prepared.receiverFee == 2)  // 300 = 256 + 32 + 8 + 4: four proofs at 400 ppk, 1.6 rounded up
        #expect(try await harness.balance() == 1000 - prepared.reserved)
        #expect(try await harness.openOperations().map(\.state) == [.awaitingConfirmation])
        // Nothing journaled to send, no history line while it is only prepared.
        #expect(try await harness.history(prepared.operationID) == nil)
        let sent = try await harness.wallet.confirm(prepared)
        #expect(sent.operationID == prepared.operationID)
        #expect(sent.fee == prepared.fee)
        #expect(try sent.token.totalAmount() == 300)
        #expect(try await harness.balance() == 1000 - prepared.total)
        #expect(try await harness.history(sent.operationID)?.fee == prepared.fee)
        #expect(try await harness.openOperations().isEmpty)
    }

    @Test("a send of exact proofs holds them and hands them over on confirm, with no request")
    func exactSend() async throws {
        let harness = try await EngineHarness.make(amount: 96)  // 64 + 32
        let prepared = try await harness.wallet.prepareSend(amount: 32, mint: harness.mint.url)
        #expect(!prepared.swaps)
        #expect(prepared.fee == 0)
        #expect(try await harness.balance() == 64)
        let sent = try await harness.wallet.confirm(prepared)
        #expect(!sent.swapped)
        #expect(try await harness.amount(.sent) == 32)
        #expect(try await harness.wallet.pendingSends().map(\.operationID) == [prepared.operationID])
    }

    @Test("cancel releases the proofs; confirming after cancel spends nothing")
    func cancelReleases() async throws {
        let harness = try await EngineHarness.make(amount: 500)
        let prepared = try await harness.wallet.prepareSend(amount: 200, mint: harness.mint.url, options: swapping)
        await prepared.cancel()
        #expect(try await harness.balance() == 500)
        #expect(try await harness.amount(.reserved) == 0)
        #expect(try await harness.openOperations().isEmpty)
        #expect(try await harness.history(prepared.operationID) == nil)
        let error = await harness.error { try await prepared.confirm() }
        #expect(error?.code == .expired)
        #expect(try await harness.balance() == 500)
    }

    @Test("a send not confirmed in time releases by itself")
    func expiryReleases() async throws {
        let harness = try await EngineHarness.make(amount: 500)
        let prepared = try await harness.wallet.prepareSend(
            amount: 200, mint: harness.mint.url, options: swapping, holdFor: .milliseconds(50))
        #expect(try await harness.balance() < 500)
        try await waitUntil { try await harness.balance() == 500 }
        let error = await harness.error { try await prepared.confirm() }
        #expect(error?.code == .expired)
        #expect(try await harness.openOperations().isEmpty)
    }

    @Test("the same proofs are never prepared twice")
    func noDoubleHold() async throws {
        let harness = try await EngineHarness.make(amount: 256)
        let first = try await harness.wallet.prepareSend(amount: 256, mint: harness.mint.url)
        let error = await harness.error { try await harness.wallet.prepareSend(amount: 1, mint: harness.mint.url) }
        #expect(error?.code == .insufficientFunds)
        let sibling = try await harness.sibling()
        let other = await harness.error { try await sibling.prepareSend(amount: 1, mint: harness.mint.url) }
        #expect(other?.code == .insufficientFunds)
        _ = try await first.confirm()
    }

    @Test("a confirmed send cannot be confirmed again")
    func confirmOnce() async throws {
        let harness = try await EngineHarness.make(amount: 500)
        let prepared = try await harness.wallet.prepareSend(amount: 100, mint: harness.mint.url, options: swapping)
        _ = try await prepared.confirm()
        let error = await harness.error { try await prepared.confirm() }
        #expect(error?.code == .expired)
        #expect(try await harness.amount(.sent) == 100)
    }

    @Test("a hold of a live wallet is left alone by another's recovery; a dead process's is released")
    func recoveryReleasesAbandonedHolds() async throws {
        let harness = try await EngineHarness.make(amount: 500)
        _ = try await harness.wallet.prepareSend(amount: 100, mint: harness.mint.url, options: swapping)
        let sibling = try await harness.sibling()
        let report = await sibling.recover()
        #expect(report.resolved.isEmpty)
        #expect(try await harness.balance() < 500)
        // A wallet whose leases know nothing of the first one's: as after the process that prepared it died.
        let restarted = try await Wallet.open(
            store: harness.store, secureStore: harness.secureStore,
            connectorFactory: ScriptedWallet.connectorFactory([harness.mint]), leases: InProcessOperationLeases())
        #expect(try await restarted.balance() == 500)
        #expect(try await harness.openOperations().isEmpty)
    }

    @Test("a prepared payment states amount, fee reserve and input fee; what is paid stays within them")
    func paymentWithinBounds() async throws {
        let harness = try await EngineHarness.make(amount: 1000, mint: ScriptedMint(inputFeePPK: 200, feeReserve: 4))
        let invoice = harness.mint.makeInvoice(amount: 300)
        let prepared = try await harness.wallet.preparePay(request: invoice, mint: harness.mint.url)
        #expect(prepared.amount == 300)
        #expect(prepared.feeReserve == 4)
        #expect(prepared.most == 300 + 4 + prepared.inputFee)
        let again = await harness.error { try await harness.wallet.preparePayment(quoteID: prepared.quote.id) }
        #expect(again?.code == .pending)
        let result = try await prepared.confirm()
        #expect(result.state == .paid)
        #expect(result.operationID == prepared.operationID)
        #expect(1000 - (try await harness.balance()) <= prepared.most)
        #expect(result.fee <= prepared.feeReserve + prepared.inputFee)
        #expect(1000 - (try await harness.balance()) == result.amount + result.fee)
        #expect(try await harness.openOperations().isEmpty)
    }

    @Test("a prepared payment that swaps first tells the swap's fee in its own: the fee is all the payment cost")
    func paymentFeeIncludesSwap() async throws {
        // One proof of 512 at a mint charging input fees: the payment swaps it first.
        let (wallet, a, _) = try await Self.transferWallet(
            amount: 512, options: WalletOptions(targetProofsPerDenomination: 0))
        let prepared = try await wallet.preparePay(request: a.makeInvoice(amount: 200), mint: a.url)
        try #require(prepared.swaps)
        let result = try await prepared.confirm()
        #expect(result.state == .paid)
        let swapFee = try #require(try await wallet.activity(limit: 10).first { $0.kind == .swap }).fee
        #expect(swapFee > 0)
        #expect(512 - (try await wallet.balance(mint: a.url)) == result.amount + result.fee)
        #expect(result.fee <= prepared.most - prepared.amount)
    }

    @Test("a prepared payment of exact proofs pays with exactly the held ones; cancel releases")
    func exactPayment() async throws {
        let harness = try await EngineHarness.make(amount: 1000, mint: ScriptedMint(feeReserve: 0))
        // 1000 = 512 + 256 + 128 + 64 + 32 + 8: 40 is 32 + 8.
        let invoice = harness.mint.makeInvoice(amount: 40)
        let prepared = try await harness.wallet.preparePay(request: invoice, mint: harness.mint.url)
        #expect(!prepared.swaps)
        #expect(prepared.inputFee == 0)
        await prepared.cancel()
        #expect(try await harness.balance() == 1000)
        let again = try await harness.wallet.preparePayment(quoteID: prepared.quote.id)
        let result = try await again.confirm()
        #expect(result.state == .paid)
        #expect(try await harness.balance() == 960)
    }

    /// A wallet with `amount` sat at A (input fee 100 ppk) and B, whose mint quotes pay themselves.
    /// - Parameter options: `targetProofsPerDenomination: 0` funds with the fewest proofs (512: one), which no
    ///   smaller amount can be paid with exactly.
    static func transferWallet(amount: UInt64 = 500, options: WalletOptions = WalletOptions()) async throws
        -> (Wallet, ScriptedMint, ScriptedMint)
    {
        let a = ScriptedMint(host: "a.example", inputFeePPK: 100)
        let b = ScriptedMint(host: "b.example")
        b.autoPayMintQuotes = true
        let wallet = try await ScriptedWallet.open(mints: [a, b], options: options)
        try await ScriptedWallet.fund(wallet, at: a, amount: amount)
        try await wallet.addMint(b.url)
        return (wallet, a, b)
    }

    @Test("a prepared transfer holds the source's proofs; confirm moves the amount within the stated most")
    func transfer() async throws {
        let (wallet, a, b) = try await Self.transferWallet()
        let prepared = try await wallet.prepareTransfer(amount: 200, from: a.url, to: b.url)
        #expect(try await wallet.balance(mint: a.url) == 500 - prepared.payment.reserved)
        let result = try await prepared.confirm()
        #expect(result.state == .done)
        #expect(try await wallet.balance(mint: b.url) == 200)
        #expect(500 - (try await wallet.balance(mint: a.url)) <= prepared.most)
    }

    @Test("a transfer that swaps first tells the swap's fee in its own, now and when read back")
    func transferFeeIncludesSwap() async throws {
        let (wallet, a, b) = try await Self.transferWallet(
            amount: 512, options: WalletOptions(targetProofsPerDenomination: 0))
        let prepared = try await wallet.prepareTransfer(amount: 200, from: a.url, to: b.url)
        try #require(prepared.payment.swaps)
        let result = try await prepared.confirm()
        #expect(result.state == .done)
        let left = try await wallet.balance(mint: a.url)
        let lines = try await wallet.activity(limit: 10).map { "\($0.kind) \($0.amount) \($0.fee)" }
        #expect(512 - left == 200 + (result.fee ?? 0), "\(left) \(String(describing: result.fee)) \(lines)")
        #expect(try await wallet.transfer(id: result.operationID)?.fee == result.fee)
    }

    @Test("a prepared transfer whose swap's answer is lost waits, never fails; recovery settles it, nothing moves")
    func transferSwapAnswerLost() async throws {
        // One proof of 512: the payment swaps it first.
        let (wallet, a, b) = try await Self.transferWallet(
            amount: 512, options: WalletOptions(targetProofsPerDenomination: 0))
        let prepared = try await wallet.prepareTransfer(amount: 200, from: a.url, to: b.url)
        try #require(prepared.payment.swaps)
        a.script(.swap, .lostAnswer())
        do throws(WalletError) {
            let result = try await prepared.confirm()
            #expect(result.state == .pending)
        } catch {
            #expect(error.code == .pending, "a lost swap answer is ambiguous, never a failure: \(error)")
        }
        // The mint did the swap: recovery settles it (its change is the wallet's), releases the hold the confirming
        // call left, and ends the transfer with nothing moved. No sat is lost: only the swap's fee is spent.
        let report = await wallet.recover()
        #expect(report.unresolved.isEmpty)
        #expect(try await wallet.balance(mint: b.url) == 0)
        let swapFee = try #require(try await wallet.activity(limit: 10).first { $0.kind == .swap }).fee
        #expect(try await wallet.balance(mint: a.url) == 512 - swapFee)
        #expect(try await wallet.activity(limit: 10).first { $0.kind == .transfer }?.state == .failed)
    }

    @Test("prepareReceive states the token's value, fee and lock; confirm receives it; then the mint says spent")
    func receive() async throws {
        let mint = ScriptedMint(inputFeePPK: 1000)
        let sender = try await EngineHarness.make(amount: 300, mint: mint)
        let token = try await sender.wallet.send(amount: 100, mint: mint.url).token
        let receiver = try await ScriptedWallet.open(mints: [mint])
        try await receiver.addMint(mint.url)
        let prepared = try await receiver.prepareReceive(token: token)
        let entry = try #require(prepared.entries.first)
        #expect(entry.amount == 100)
        #expect(entry.fee == UInt64(token.entries[0].proofs.count))
        #expect(entry.lock == .none)
        #expect(entry.mintKnown && entry.mintReachable == true && entry.spendable)
        #expect(entry.alreadySpent == false)
        #expect(prepared.canReceive)
        let received = try await prepared.confirm()
        #expect(received.amount == entry.received)
        let after = try await receiver.prepareReceive(token: token)
        #expect(after.entries.first?.alreadySpent == true)
        #expect(!after.canReceive)
    }

    @Test("prepareReceive from a known mint that does not answer says so: nothing to confirm now, the queue's case")
    func receiveFromAMintThatIsDown() async throws {
        let mint = ScriptedMint()
        let sender = try await EngineHarness.make(amount: 300, mint: mint)
        let token = try await sender.wallet.send(amount: 100, mint: mint.url).token
        let receiver = try await ScriptedWallet.open(mints: [mint])
        try await receiver.addMint(mint.url)
        // Its keysets are fresh, so only the state check asks the mint.
        mint.scriptAlways(.checkState, .unreachable)
        let prepared = try await receiver.prepareReceive(token: token)
        let entry = try #require(prepared.entries.first)
        #expect(entry.mintKnown && entry.mintReachable == false && entry.alreadySpent == nil)
        #expect(prepared.mintUnreachable && !prepared.canReceive)
        mint.scriptAlways(.checkState, nil)
        let back = try await receiver.prepareReceive(token: token)
        #expect(!back.mintUnreachable && back.canReceive)
    }

    /// Polls `condition` for up to 5 s.
    private func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<500 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the condition did not hold within 5 s")
    }
}
