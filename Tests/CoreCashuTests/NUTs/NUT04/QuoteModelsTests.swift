// Tests for NUT-04/05/23 quote models: states, unknown values, legacy `paid`, redaction.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Quote models")
struct QuoteModelsTests {
    @Test func mintQuoteDecodesSpecExampleAndUnknownState() throws {
        let json = """
            {"quote":"019e6d5a-2347-7000-8322-05d51d498303","request":"lnbc100n1pj4apw9...","amount":10,
             "unit":"sat","state":"UNPAID","expiry":1701704757}
            """
        let quote = try JSONDecoder().decode(MintQuoteBolt11Response.self, from: Data(json.utf8))
        #expect(quote.state == .unpaid && quote.amount == 10 && quote.expiry == 1_701_704_757)
        #expect(!quote.description.contains("019e6d5a"))
        let odd = json.replacingOccurrences(of: "UNPAID", with: "REFUNDED")
        #expect(
            try JSONDecoder().decode(MintQuoteBolt11Response.self, from: Data(odd.utf8)).state == .unknown("REFUNDED"))
        let legacy = #"{"quote":"q","request":"lnbc","paid":true}"#
        #expect(try JSONDecoder().decode(MintQuoteBolt11Response.self, from: Data(legacy.utf8)).state == .paid)
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(MintQuoteBolt11Response.self, from: Data(#"{"quote":"q","request":"r"}"#.utf8))
        }
    }

    /// nuts#377: the accounting pair decides the state (`state` is deprecated), nuts#387 adds `method`.
    @Test(
        arguments: [
            (64 as UInt64, 0 as UInt64, "UNPAID", MintQuoteState.paid, 64 as UInt64),
            (64, 64, "PAID", .issued, 0), (0, 0, "UNPAID", .unpaid, 0), (100, 40, "ISSUED", .paid, 60),
            // An all-zero pair (a quote older than the pair) does not overrule `state`.
            (0, 0, "PAID", .paid, 0),
        ])
    func mintQuoteStateComesFromTheAccountingPair(
        paid: UInt64, issued: UInt64, state: String, expected: MintQuoteState, mintable: UInt64
    ) throws {
        let json = """
            {"quote":"q","request":"lnbc","amount":100,"unit":"sat","method":"bolt11","amount_paid":\(paid),
             "amount_issued":\(issued),"updated_at":1795271290,"state":"\(state)"}
            """
        let quote = try JSONDecoder().decode(MintQuoteBolt11Response.self, from: Data(json.utf8))
        #expect(quote.state == expected)
        #expect(quote.mintable == mintable)
        #expect(quote.method == "bolt11" && quote.updatedAt == 1_795_271_290)
        let again = try JSONDecoder().decode(MintQuoteBolt11Response.self, from: JSONEncoder().encode(quote))
        #expect(again == quote)
        // Without `state` at all, the pair is enough.
        let stateless = json.replacingOccurrences(of: #","state":"\#(state)""#, with: "")
        let fromPair = MintQuoteState(paid: paid, issued: issued)
        #expect(try JSONDecoder().decode(MintQuoteBolt11Response.self, from: Data(stateless.utf8)).state == fromPair)
    }

    @Test func meltQuoteDecodesChangeAndPreimage() throws {
        let json = """
            {"quote":"q","request":"lnbc","amount":10,"unit":"sat","fee_reserve":2,"state":"PAID","expiry":1,
             "payment_preimage":"c5a1ae1f639e1f4a3872e81500fd028bece7bedc1152f740cba5c3417b748c1b",
             "change":[{"id":"00456a94ab4e1c46","amount":2,
             "C_":"02648eccfa4c026960966276fa5a4cae46ce0fd432211a4f449bf84f13aa5f8303"}]}
            """
        let quote = try JSONDecoder().decode(MeltQuoteResponse.self, from: Data(json.utf8))
        #expect(quote.state == .paid && quote.feeReserve == 2 && quote.change?.count == 1)
        #expect(!quote.description.contains("c5a1ae1f"))
        let pending = json.replacingOccurrences(of: "\"PAID\"", with: "\"PENDING\"")
        #expect(try JSONDecoder().decode(MeltQuoteResponse.self, from: Data(pending.utf8)).state == .pending)
    }

    @Test func meltRequestEncodesPreferAsync() throws {
        let request = MeltRequest(quote: "q", inputs: [], preferAsync: true)
        let text = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        #expect(text.contains("\"prefer_async\":true"))
        #expect(!text.contains("outputs"))
    }

    @Test func methodSettingsToleratesUnknownOptions() throws {
        let json = """
            {"methods":[{"method":"bolt11","unit":"sat","min_amount":0,"max_amount":10000,
              "options":{"description":true}},{"method":"apple_pay","unit":"usd","options":[1,2]}],"disabled":false}
            """
        let settings = try JSONDecoder().decode(MethodSettings.self, from: Data(json.utf8))
        #expect(settings.methods[0].options?.description == true)
        #expect(settings.methods[1].options == nil)
        #expect(settings.methods[1].displayName == "Apple Pay")
        #expect(settings.setting(method: "bolt11", unit: .sat)?.accepts(amount: 10_001) == false)
    }
}
