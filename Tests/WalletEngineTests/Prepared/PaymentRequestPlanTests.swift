// Engine tests: paying a NUT-18 payment request — the pure choices (amount, transport, mint) and a prepared payment
// whose figures include the receiver's fee and nuts#381's melt fee.

import CashuEngineTestSupport
import Foundation
import Testing

@testable import CashuEngine

@Suite("Wallet engine: payment requests")
struct PaymentRequestPlanTests {
    let a = try! MintURL("https://a.example")
    let b = try! MintURL("https://b.example")

    @Test("the amount is the request's or the one given; both must agree")
    func amount() throws {
        #expect(try PaymentRequestPlan.amount(PaymentRequest(amount: 5), given: nil) == 5)
        #expect(try PaymentRequestPlan.amount(PaymentRequest(), given: 7) == 7)
        #expect(try PaymentRequestPlan.amount(PaymentRequest(amount: 5), given: 5) == 5)
        #expect(throws: WalletError.self) { try PaymentRequestPlan.amount(PaymentRequest(amount: 5), given: 6) }
        #expect(throws: WalletError.self) { try PaymentRequestPlan.amount(PaymentRequest(), given: nil) }
    }

    @Test("POST before Nostr; none means in band; only unknown ones are refused")
    func transport() throws {
        let post = PaymentRequest.Transport(kind: .post, target: "https://shop.example/pay")
        let nostr = PaymentRequest.Transport(kind: .nostr, target: "npub1x", tags: [["n", "17"]])
        #expect(try PaymentRequestPlan.transport(PaymentRequest(transports: [nostr, post])) == post)
        #expect(try PaymentRequestPlan.transport(PaymentRequest(transports: [nostr])) == nostr)
        #expect(try PaymentRequestPlan.transport(PaymentRequest()) == nil)
        let nip04 = PaymentRequest.Transport(kind: .nostr, target: "npub1x", tags: [["n", "04"]])
        #expect(throws: WalletError.self) { try PaymentRequestPlan.transport(PaymentRequest(transports: [nip04])) }
    }

    @Test("a strict list takes a listed mint holding enough; an advisory one any mint holding enough")
    func mint() throws {
        let strict = PaymentRequest(mints: [b.rawValue])
        let balances = [a: 100, b: 3] as [MintURL: UInt64]
        #expect(try PaymentRequestPlan.mint(
            strict, amount: 10, explicit: nil, fallback: a, mints: [a, b], balances: balances) == b)
        #expect(throws: WalletError.self) {
            try PaymentRequestPlan.mint(strict, amount: 10, explicit: a, fallback: a, mints: [a, b], balances: balances)
        }
        var advisory = strict
        advisory.mintPreferred = true
        #expect(try PaymentRequestPlan.mint(
            advisory, amount: 10, explicit: nil, fallback: b, mints: [a, b], balances: balances) == a)
        #expect(try PaymentRequestPlan.mint(
            PaymentRequest(), amount: 10, explicit: nil, fallback: b, mints: [a, b], balances: balances) == b)
    }

    @Test("a token covering its receiver's fee: the smallest total that nets the amount, even where fees cycle")
    func feeCover() throws {
        let split = { (total: UInt64) throws -> [UInt64] in try AmountSplit.split(total) }
        // 20 is 16+4 (fee 2), 22 is 16+4+2 (3), 23 four proofs (4), 24 is 16+8 (2): growing by the fee cycles.
        #expect(try SendFeeCover.denominations(covering: 20, feePPK: 1000, split: split).reduce(0, +) == 24)
        for amount in UInt64(1)...300 {
            for ppk: UInt64 in [0, 100, 400, 1000] {
                let amounts = try SendFeeCover.denominations(covering: amount, feePPK: ppk, split: split)
                let total = amounts.reduce(0, +)
                let fee = try InputFees.fee(ppkPerInput: amounts.map { _ in ppk })
                #expect(total - fee >= amount)
                // Smallest: one less would not cover.
                let less = try AmountSplit.split(total - 1)
                let lessFee = try InputFees.fee(ppkPerInput: less.map { _ in ppk })
                #expect(total - 1 < amount + lessFee)
            }
        }
    }

    @Test("a prepared payment nets the payee the requested amount; from an unlisted mint it adds the melt fee")
    func prepared() async throws {
        let harness = try await EngineHarness.make(amount: 500, mint: ScriptedMint(inputFeePPK: 1000))
        let listed = PaymentRequest(amount: 20, unit: "sat", mints: [harness.mint.url.rawValue])
        let plain = try await harness.wallet.preparePaymentRequest(listed)
        #expect(plain.methodFee == 0)
        // The payee nets at least what it asked after swapping the token in.
        #expect(plain.send.amount - plain.send.receiverFee >= 20)
        await plain.cancel()
        var elsewhere = PaymentRequest(amount: 20, unit: "sat", mints: ["https://other.example"])
        elsewhere.mintPreferred = true
        elsewhere.supportedMethods = [PaymentRequest.SupportedMethod(method: "bolt11", fee: 3)]
        let unlisted = try await harness.wallet.preparePaymentRequest(elsewhere)
        #expect(unlisted.methodFee == 3)
        #expect(unlisted.send.amount - unlisted.send.receiverFee >= 23)
        let paid = try await unlisted.confirm()
        #expect(paid.payload.mint == harness.mint.url.rawValue)
        #expect(try paid.send.token.totalAmount() == unlisted.send.amount)
        #expect(paid.transport == nil)
    }
}
