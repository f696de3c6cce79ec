// Tests of PaidHTTP/NUT24.swift: reading a 402's X-Cashu payment request, the unit and the cap, what counts as the
// server taking the payment.

import CoreCashu
import Testing

@testable import CashuServices

@Suite("NUT-24 rules")
struct NUT24Tests {
    static let mint = "https://mint.example.com"
    static let request = PaymentRequest(
        amount: 21, unit: "sat", mints: [mint],
        transports: [PaymentRequest.Transport(kind: .post, target: "https://payee.example.com/pay")])

    @Test("a creqA and a creqb header read the same, transports dropped, whitespace and cashu: ignored")
    func readsBothEncodings() throws {
        for encoded in [Self.request.creqA(), try Self.request.creqB()] {
            for header in [encoded, "  \(encoded)\r\n", "cashu:\(encoded)"] {
                let read = try NUT24.paymentRequest(header: header)
                #expect(read.amount == 21)
                #expect(read.unit == "sat")
                #expect(read.mints == [Self.mint])
                #expect(read.transports == nil, "NUT-24 pays in band: the token goes back in the header")
            }
        }
    }

    @Test("a header that is no payment request, or names no amount or no mint, is refused")
    func refusesWhatCannotBePaid() throws {
        let refused = [
            "", "   ", "creqAnot-base64!", "cashuBo2F0", String(repeating: "a", count: 40_000),
            PaymentRequest(unit: "sat", mints: [Self.mint]).creqA(),
            PaymentRequest(amount: 0, unit: "sat", mints: [Self.mint]).creqA(),
            PaymentRequest(amount: 5, unit: "sat").creqA(),
            PaymentRequest(amount: 5, unit: "sat", mints: []).creqA(),
            PaymentRequest(amount: 5, unit: "sat", mints: ["not a url"]).creqA(),
        ]
        for header in refused {
            #expect(throws: WalletError.self) { try NUT24.paymentRequest(header: header) }
            do { _ = try NUT24.paymentRequest(header: header) } catch {
                #expect(error.code == .invalidInput)
            }
        }
    }

    @Test("the unit: the request's, lower-cased, sat when it names none")
    func unit() {
        #expect(NUT24.unit(of: PaymentRequest(amount: 1, unit: "USD")) == CurrencyUnit(rawValue: "usd"))
        #expect(NUT24.unit(of: PaymentRequest(amount: 1)) == .sat)
    }

    @Test("the price: another unit or a price over the cap is refused before anything is held")
    func price() throws {
        let request = PaymentRequest(amount: 21, unit: "sat", mints: [Self.mint])
        try NUT24.checkPrice(request, unit: .sat, most: nil)
        try NUT24.checkPrice(request, unit: .sat, most: 21)
        try NUT24.checkPrice(request, unit: .sat, most: 1000)
        #expect { try NUT24.checkPrice(request, unit: .sat, most: 20) } throws: { error in
            let error = try #require(error as? WalletError)
            return error.code == .invalidInput && error.reason.contains("over the cap of 20")
                && error.reason.contains("nothing was paid")
        }
        #expect { try NUT24.checkPrice(request, unit: CurrencyUnit(rawValue: "usd"), most: nil) } throws: { error in
            (error as? WalletError)?.reason.contains("21 sat, not usd") == true
        }
    }

    @Test("the whole cost: price and fees over the cap is refused, at the cap is paid")
    func total() throws {
        try NUT24.checkTotal(22, price: 21, unit: .sat, most: 22)
        try NUT24.checkTotal(1_000_000, price: 21, unit: .sat, most: nil)
        #expect { try NUT24.checkTotal(23, price: 21, unit: .sat, most: 22) } throws: { error in
            let error = try #require(error as? WalletError)
            return error.code == .invalidInput && error.reason.contains("with 2 sat in fees that is 23")
        }
    }

    @Test("only a 2xx answer to the paid retry means the server took the payment")
    func accepted() {
        #expect(NUT24.accepted(status: 200) && NUT24.accepted(status: 204) && NUT24.accepted(status: 299))
        for status: UInt in [100, 301, 302, 400, 402, 404, 500, 503] { #expect(!NUT24.accepted(status: status)) }
    }
}
