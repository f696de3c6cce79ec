// NIP-47 over the engine: quotes as transactions — a fresh unpaid melt quote is pending (it may be about to be paid),
// an old or expired one failed, a paid one settled with its fees (the fee reserve when they are not known).

import CashuNostr
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("NIP-47 transactions from the wallet's quotes")
struct CashuWalletBackendTransactionTests {
    // A real mainnet-format invoice (BOLT-11 spec example "please consider supporting this project", 2500 µBTC).
    static let invoice =
        "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"
    let mint = try! MintURL("https://mint.example")
    let now = Int64(1_800_000_000)

    func melt(_ state: MeltQuoteState, updated: Int64, expiry: UInt64? = nil, preimage: String? = nil)
        -> StoredMeltQuote
    {
        StoredMeltQuote(
            id: "q", mintURL: mint, unit: .sat, request: Self.invoice, amount: 250_000, feeReserve: 100,
            state: state, expiry: expiry, paymentPreimage: preimage,
            createdAt: Date(timeIntervalSince1970: TimeInterval(updated - 5)),
            updatedAt: Date(timeIntervalSince1970: TimeInterval(updated)))
    }

    @Test("melt quotes: pending, fresh unpaid, old unpaid, expired (still pending: a mint may pay it), paid")
    func outgoing() throws {
        let hash = try #require(CashuWalletBackend.paymentHash(of: Self.invoice))
        let pending = try #require(
            CashuWalletBackend.transaction(outgoing: melt(.pending, updated: now - 999), fees: nil, now: now))
        #expect(pending.state == .pending && pending.type == .outgoing && pending.paymentHash == hash)
        #expect(pending.preimage == nil && pending.feesPaid == 0)
        let fresh = CashuWalletBackend.transaction(outgoing: melt(.unpaid, updated: now - 10), fees: nil, now: now)
        #expect(fresh?.state == .pending)
        let recent = CashuWalletBackend.transaction(outgoing: melt(.unpaid, updated: now - 121), fees: nil, now: now)
        #expect(recent?.state == .pending)
        let old = CashuWalletBackend.transaction(outgoing: melt(.unpaid, updated: now - 601), fees: nil, now: now)
        #expect(old?.state == .failed)
        let expired = CashuWalletBackend.transaction(
            outgoing: melt(.unpaid, updated: now - 10, expiry: UInt64(now - 1)), fees: nil, now: now)
        #expect(expired?.state == .pending)
        let paid = try #require(
            CashuWalletBackend.transaction(outgoing: melt(.paid, updated: now, preimage: "ab"), fees: 3, now: now))
        #expect(paid.state == .settled && paid.preimage == "ab" && paid.feesPaid == 3000 && paid.amount == 250_000_000)
        let unknownFees = CashuWalletBackend.transaction(outgoing: melt(.paid, updated: now), fees: nil, now: now)
        #expect(unknownFees?.feesPaid == 100_000)
        #expect(unknownFees?.preimage == "")
    }

    @Test("mint quotes: paid and issued are settled, past expiry expired, else pending")
    func incoming() {
        func quote(_ state: MintQuoteState, expiry: UInt64?) -> StoredMintQuote {
            StoredMintQuote(
                id: "m", mintURL: mint, unit: .sat, amount: 250_000, request: Self.invoice, state: state,
                expiry: expiry)
        }
        #expect(CashuWalletBackend.invoiceState(quote(.issued, expiry: 1), now: now) == .settled)
        #expect(CashuWalletBackend.invoiceState(quote(.paid, expiry: nil), now: now) == .settled)
        #expect(CashuWalletBackend.invoiceState(quote(.unpaid, expiry: UInt64(now)), now: now) == .expired)
        #expect(CashuWalletBackend.invoiceState(quote(.unpaid, expiry: UInt64(now + 1)), now: now) == .pending)
        let made = CashuWalletBackend.transaction(incoming: quote(.unpaid, expiry: nil), state: .pending, now: now)
        #expect(made?.type == .incoming && made?.amount == 250_000_000 && made?.invoice == Self.invoice)
    }

    @Test("BOLT-11 currency prefixes name the network")
    func network() {
        #expect(CashuWalletBackend.network(currency: "bc") == "mainnet")
        #expect(CashuWalletBackend.network(currency: "bcrt") == "regtest")
        #expect(CashuWalletBackend.network(currency: "tbs") == "signet")
        #expect(CashuWalletBackend.network(currency: "xx") == nil)
    }
}
