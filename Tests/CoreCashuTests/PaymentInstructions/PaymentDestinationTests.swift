// Tests of telling payment destinations apart without I/O: invoices, Lightning addresses and LNURLs, BIP-353
// addresses, payment requests, and text that is none of them.

import Testing

@testable import CashuEngine

@Suite("Payment destinations")
struct PaymentDestinationTests {
    static let invoice =
        "lnbc100n1p3kzz5hpp5r7f0qm3jz9x7j0rm7jvh9s3l7q6vd0q3lfdt0xgq2x9uwq5a6yqsdqqcqzpgxqyz5vqsp5"

    @Test("an invoice, with or without lightning: and in upper case, is an invoice")
    func invoices() throws {
        #expect(try PaymentDestination.parse(Self.invoice) == .invoice(Self.invoice))
        #expect(try PaymentDestination.parse(" lightning:\(Self.invoice)\n") == .invoice(Self.invoice))
        #expect(try PaymentDestination.parse(Self.invoice.uppercased()) == .invoice(Self.invoice.uppercased()))
        #expect(try !PaymentDestination.parse(Self.invoice).needsAmount)
    }

    @Test("a Lightning address or an LNURL needs an amount; a malformed one is invalid input")
    func lnurl() throws {
        let address = try PaymentDestination.parse("shop@example.com")
        #expect(address == .lnurl(try LNURLPayTarget("shop@example.com")))
        #expect(address.needsAmount)
        #expect(throws: WalletError.self) { try PaymentDestination.parse("sh op@example.com") }
        #expect(throws: WalletError.self) { try PaymentDestination.parse("lnurl1notbech32") }
    }

    @Test("₿user@domain is BIP-353; a bad one is invalid input")
    func bip353() throws {
        #expect(try PaymentDestination.parse("₿alice@example.com") == .bip353(try BIP353Address("alice@example.com")))
        do {
            _ = try PaymentDestination.parse("₿bad name@example.com")
            Issue.record("accepted a bad BIP-353 address")
        } catch {
            #expect(error.code == .invalidInput)
        }
    }

    @Test("creqA and creqb1 are payment requests, decoded; a broken one is invalid input")
    func requests() throws {
        let request = PaymentRequest(id: "x", amount: 21, unit: "sat", mints: ["https://mint.example"])
        let encoded = request.creqA()
        #expect(try PaymentDestination.parse(encoded) == .request(request))
        #expect(try PaymentDestination.parse(request.creqB()) == .request(try PaymentRequest(encoded: request.creqB())))
        #expect(throws: WalletError.self) { try PaymentDestination.parse("creqAnotbase64!") }
    }

    @Test("text that is none of them is refused before any I/O")
    func others() {
        for text in ["", "   ", "hello", "bitcoin:bc1q", "cashuBo2F0"] {
            #expect(throws: WalletError.self, "\(text)") { try PaymentDestination.parse(text) }
        }
    }
}
