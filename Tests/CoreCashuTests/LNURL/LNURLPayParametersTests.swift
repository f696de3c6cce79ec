// Tests of LNURL/LNURLPayParameters.swift: the payee's payRequest (LUD-06, LUD-12) and the invoice check before paying.

import CashuTestSupport
import Crypto
import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("LNURL-pay parameters and invoice checks")
struct LNURLPayParametersTests {
    static let metadata = #"[["text/plain","Coffee at the shop"],["text/identifier","shop@127.0.0.1"]]"#

    static func body(_ fields: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: fields))
    }

    static func parameters(commentAllowed: Int = 0) throws -> LNURLPayParameters {
        try LNURLPayParameters(json: try body([
            "tag": "payRequest", "callback": "https://pay.example/cb?id=7", "minSendable": 1000,
            "maxSendable": 100_000_000, "metadata": metadata, "commentAllowed": commentAllowed,
        ]))
    }

    /// An invoice of `msat` committing to `description`'s SHA-256.
    static func invoice(msat: UInt64, describing description: String = metadata) throws -> String {
        try Bolt11TestInvoice.make(
            hrp: "lnbc\(msat * 10)p",
            fields: [
                .paymentHash(Array(repeating: 7, count: 32)),
                .descriptionHash(Array(SHA256.hash(data: Array(description.utf8)))),
            ])
    }

    @Test("a payRequest is read; the invoice URL carries the amount (and a comment the payee takes)")
    func reads() throws {
        let parameters = try Self.parameters(commentAllowed: 20)
        #expect(parameters.minSendable == 1000 && parameters.maxSendable == 100_000_000)
        #expect(parameters.text == "Coffee at the shop")
        let url = try parameters.invoiceURL(millisatoshis: 21_000, comment: "thanks")
        #expect(url.absoluteString == "https://pay.example/cb?id=7&amount=21000&comment=thanks")
        #expect(throws: LNURLError.self) { try parameters.invoiceURL(millisatoshis: 500) }
        #expect(throws: LNURLError.self) {
            try parameters.invoiceURL(millisatoshis: 21_000, comment: String(repeating: "x", count: 21))
        }
        #expect(throws: LNURLError.self) { try Self.parameters().invoiceURL(millisatoshis: 21_000, comment: "no") }
    }

    @Test("the invoice must ask for the amount and commit to the metadata")
    func invoiceChecks() throws {
        let parameters = try Self.parameters()
        let good = try Self.invoice(msat: 21_000)
        #expect(try parameters.invoice(fromCallback: Self.body(["pr": good, "routes": []]), millisatoshis: 21_000)
            == good)
        for (invoice, amount) in [
            (try Self.invoice(msat: 22_000), UInt64(21_000)),
            (try Self.invoice(msat: 21_000, describing: "something else"), 21_000),
        ] {
            let answer = try Self.body(["pr": invoice])
            do {
                _ = try parameters.invoice(fromCallback: answer, millisatoshis: amount)
                Issue.record("a mismatching invoice was accepted")
            } catch {
                #expect(error.code == .invoiceMismatch)
            }
        }
    }

    @Test("the payee's ERROR answers and malformed answers are typed errors")
    func errors() throws {
        let refusal = try Self.body(["status": "ERROR", "reason": "shop closed"])
        do {
            _ = try LNURLPayParameters(json: refusal)
            Issue.record("an ERROR answer was accepted")
        } catch {
            #expect(error.code == .payeeRefused && error.reason.contains("shop closed"))
        }
        let bad: [[String: Any]] = [
            ["tag": "withdrawRequest", "callback": "https://a.example", "minSendable": 1, "maxSendable": 2,
             "metadata": "[]"],
            ["tag": "payRequest", "callback": "http://a.example", "minSendable": 1, "maxSendable": 2, "metadata": "[]"],
            ["tag": "payRequest", "callback": "https://a.example", "minSendable": 5, "maxSendable": 2,
             "metadata": "[]"],
            ["tag": "payRequest", "callback": "https://a.example", "minSendable": 1, "maxSendable": 2, "metadata": "x"],
            ["tag": "payRequest", "callback": "https://a.example", "minSendable": -1, "maxSendable": 2,
             "metadata": "[]"],
        ]
        for fields in bad {
            #expect(throws: LNURLError.self) { try LNURLPayParameters(json: Self.body(fields)) }
        }
        #expect(throws: LNURLError.self) { try LNURLPayParameters(json: Array("not json".utf8)) }
        let parameters = try Self.parameters()
        #expect(throws: LNURLError.self) {
            try parameters.invoice(fromCallback: Self.body(["status": "ERROR", "reason": "no"]), millisatoshis: 1000)
        }
        #expect(throws: LNURLError.self) {
            try parameters.invoice(fromCallback: Self.body(["pr": "lnbc1notaninvoice"]), millisatoshis: 1000)
        }
    }

    @Test("a remote payee cannot send the wallet to a service on this machine; a loopback one can (tests)")
    func loopbackCallback() throws {
        let answer = try Self.body([
            "tag": "payRequest", "callback": "http://127.0.0.1:9/steal", "minSendable": 1000, "maxSendable": 2000,
            "metadata": Self.metadata,
        ])
        #expect(throws: LNURLError.self) {
            try LNURLPayParameters(json: answer, origin: URL(string: "https://pay.example/.well-known/lnurlp/u"))
        }
        #expect(throws: LNURLError.self) { try LNURLPayParameters(json: answer) }
        let local = try LNURLPayParameters(json: answer, origin: URL(string: "http://127.0.0.1:8/.well-known/lnurlp/u"))
        #expect(local.callback.host == "127.0.0.1")
    }
}
