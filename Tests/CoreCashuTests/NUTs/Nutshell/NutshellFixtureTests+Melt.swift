// Nutshell interop — NUT-05/08: real melt quotes and a paid melt with change, decoded with our models.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension NutshellFixtureTests {
    @Test("POST /v1/melt/quote/bolt11 decodes (outside invoice: fee reserve; own invoice: none)")
    func meltQuote() throws {
        let sent = try NutshellFixture.object(NutshellFixture.request("melt-quote"))
        let quote = try NutshellFixture.decode(MeltQuoteResponse.self, NutshellFixture.response("melt-quote"))
        #expect(quote.request == sent["request"] as? String)
        #expect(quote.amount == 5)
        #expect(quote.unit == .sat)
        #expect(quote.feeReserve == 2)
        #expect(quote.state == .unpaid)
        #expect(quote.expiry != nil)
        #expect(quote.paymentPreimage == nil)
        #expect(quote.change == nil)

        // A quote for the mint's own invoice: an internal settlement (no fee reserve) if the quote was still unpaid,
        // else refused with 20006, which is the usual outcome as FakeWallet pays its own invoices at once.
        if try NutshellFixture.status("melt-quote-internal") == 200 {
            let ownInvoice = try NutshellFixture.decode(
                MeltQuoteResponse.self,
                NutshellFixture.response("melt-quote-internal")
            )
            #expect(ownInvoice.amount == 5)
            #expect(ownInvoice.feeReserve == 0)
            #expect(ownInvoice.state == .unpaid)
        } else {
            let body = try NutshellFixture.object(NutshellFixture.response("melt-quote-internal"))
            #expect(body["code"] as? Int == 20006)
            #expect(body["detail"] as? String == "mint quote already paid")
        }
    }

    @Test("POST /v1/melt/bolt11 and GET of its quote: PAID, preimage, NUT-08 change with valid DLEQ")
    func melt() throws {
        let request = try NutshellFixture.decode(MeltRequest.self, NutshellFixture.request("melt"))
        let outputs = try #require(request.outputs)
        let quote = try NutshellFixture.decode(MeltQuoteResponse.self, NutshellFixture.response("melt-quote"))
        let keysets = try NutshellFixture.decode(KeysetsResponse.self, NutshellFixture.response("keysets"))
        let inputFee = try InputFees.fee(for: request.inputs, keysets: keysets.keysets)
        let inputs = request.inputs.reduce(0) { $0 + $1.amount }
        for name in ["melt", "melt-quote-paid"] {
            let melt = try NutshellFixture.decode(MeltQuoteResponse.self, NutshellFixture.response(name))
            #expect(melt.state == .paid, "\(name)")
            #expect(melt.quote == quote.quote)
            #expect(melt.paymentPreimage?.count == 64)
            let change = try #require(melt.change)
            // FakeWallet reports a 1 sat routing fee; the rest of the fee reserve and the overpayment come back.
            let lightningFee: UInt64 = 1
            #expect(change.reduce(0) { $0 + $1.amount } + quote.amount + inputFee + lightningFee == inputs)
            try verifySignatures(
                change,
                outputs: outputs,
                wallet: NutshellFixture.wallet("melt"),
                keyset: NutshellFixture.keyset()
            )
        }
    }

    @Test("A melt left PENDING by the Lightning backend: quote PENDING, change [], inputs PENDING")
    func meltPending() throws {
        let request = try NutshellFixture.decode(MeltRequest.self, NutshellFixture.request("pending-melt"))
        for name in ["pending-melt", "pending-melt-quote-get"] {
            let melt = try NutshellFixture.decode(MeltQuoteResponse.self, NutshellFixture.response(name))
            #expect(melt.state == .pending, "\(name)")
            #expect(melt.paymentPreimage == nil)
            // Nutshell sends an empty list, not null, while the payment is in flight.
            #expect(melt.change == [])
        }
        let checkRequest = try NutshellFixture.decode(
            CheckStateRequest.self,
            NutshellFixture.request("pending-checkstate")
        )
        let check = try NutshellFixture.decode(CheckStateResponse.self, NutshellFixture.response("pending-checkstate"))
        try check.validate(against: checkRequest)
        #expect(check.states.map(\.state) == [.pending])
        #expect(try checkRequest.Ys == request.inputs.map { try HashToCurve.point(secret: $0.secret) })
    }

    @Test("The melt made during the WebSocket session: PAID, no outputs sent so change is []")
    func meltLive() throws {
        let quote = try NutshellFixture.decode(MeltQuoteResponse.self, NutshellFixture.response("melt-quote-live"))
        #expect(quote.state == .unpaid)
        #expect(quote.amount == 1)
        let melt = try NutshellFixture.decode(MeltQuoteResponse.self, NutshellFixture.response("melt-live"))
        #expect(melt.quote == quote.quote)
        #expect(melt.state == .paid)
        #expect(melt.change == [])
        let request = try NutshellFixture.decode(SwapRequest.self, NutshellFixture.request("swap-live"))
        let swap = try NutshellFixture.decode(SwapResponse.self, NutshellFixture.response("swap-live"))
        try swap.validate(against: request)
    }
}
