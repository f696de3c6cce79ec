// NIP-47 — request content: typed params per method, unknown methods kept, malformed JSON refused.

import Testing

@testable import CashuNostr

@Suite("NIP-47 requests")
struct NWCRequestTests {
    @Test("pay_invoice params: invoice, amount, metadata")
    func payInvoice() throws {
        let request = try NWCRequest(
            jsonText: #"{"method":"pay_invoice","params":{"invoice":"lnbc50n1x","amount":5000,"metadata":{"a":[1]}}}"#)
        #expect(request.method == .payInvoice)
        #expect(
            request.params
                == .payInvoice(
                    NWCPayInvoiceParams(
                        invoice: "lnbc50n1x", amount: 5000, metadata: .object(["a": .array([.integer(1)])]))))
        #expect(try NWCRequest(jsonText: request.jsonText) == request)
    }

    @Test("make_invoice, lookup_invoice and list_transactions params; params may be absent for get_balance")
    func otherParams() throws {
        let make = try NWCRequest(
            jsonText:
                #"{"method":"make_invoice","params":{"amount":21000,"description":"d","description_hash":"ab","expiry":60}}"#
        )
        #expect(
            make.params
                == .makeInvoice(
                    NWCMakeInvoiceParams(amount: 21000, description: "d", descriptionHash: "ab", expiry: 60)))
        let lookup = try NWCRequest(jsonText: #"{"method":"lookup_invoice","params":{"payment_hash":"00ff"}}"#)
        #expect(lookup.params == .lookupInvoice(NWCLookupInvoiceParams(paymentHash: "00ff")))
        let list = try NWCRequest(
            jsonText: #"{"method":"list_transactions","params":{"from":1,"limit":10,"unpaid":true,"type":"incoming"}}"#)
        #expect(
            list.params
                == .listTransactions(NWCListTransactionsParams(from: 1, limit: 10, unpaid: true, type: .incoming)))
        #expect(try NWCRequest(jsonText: #"{"method":"get_balance"}"#).params == .getBalance)
        #expect(try NWCRequest(jsonText: #"{"method":"get_info","params":{}}"#).params == .getInfo)
        for request in [make, lookup, list] { #expect(try NWCRequest(jsonText: request.jsonText) == request) }
    }

    @Test("an unknown method is kept with its params")
    func unknownMethod() throws {
        let request = try NWCRequest(jsonText: #"{"method":"sign_message","params":{"message":"hi"}}"#)
        #expect(request.method == .signMessage)
        #expect(request.params == .other(.object(["message": .string("hi")])))
        let future = try NWCRequest(jsonText: #"{"method":"teleport","params":{"x":1.5}}"#)
        #expect(future.method.rawValue == "teleport")
        #expect(future.params == .other(.object(["x": .number(1.5)])))
    }

    @Test(
        "malformed requests are refused with a NostrError",
        arguments: [
            "", "not json", "[]", "{}", #"{"method":5}"#, #"{"params":{}}"#,
            #"{"method":"pay_invoice","params":{}}"#,  // no invoice
            #"{"method":"pay_invoice","params":{"invoice":"x","amount":-1}}"#,
            #"{"method":"pay_invoice","params":{"invoice":"x","amount":1.5}}"#,
            #"{"method":"make_invoice","params":{"amount":"21"}}"#,
            #"{"method":"make_invoice","params":[]}"#,
            #"{"method":"list_transactions","params":{"type":"sideways"}}"#,
        ])
    func malformed(_ text: String) {
        #expect(throws: NostrError.self) { try NWCRequest(jsonText: text) }
    }

    @Test("the method name is read even when the params do not parse")
    func methodName() {
        #expect(NWCRequest.methodName(in: #"{"method":"pay_invoice","params":{}}"#) == "pay_invoice")
        #expect(NWCRequest.methodName(in: "garbage") == nil)
    }

    @Test("metadata past 4096 characters is dropped")
    func metadataLimit() throws {
        let long = String(repeating: "x", count: 5000)
        let request = try NWCRequest(
            jsonText: #"{"method":"pay_invoice","params":{"invoice":"lnbc1","metadata":{"comment":"\#(long)"}}}"#)
        #expect(request.params == .payInvoice(NWCPayInvoiceParams(invoice: "lnbc1")))
    }
}
