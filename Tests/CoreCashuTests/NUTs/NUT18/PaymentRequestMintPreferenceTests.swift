// Tests for NUT-18/26 mint preferences (nuts#381): `mp` (TLV 0x09) and `sm` (TLV 0x0a), and what a payer owes.

import Testing

@testable import CashuEngine
import CoreCashu

@Suite("Payment request mint preferences (mp, sm)")
struct PaymentRequestMintPreferenceTests {
    /// The spec's vector for nuts#381, as pinned by cashu-ts 5 (test/wallet/paymentRequests.test.ts): an advisory mint
    /// list and two methods, bolt12 with a fee of 5.
    static let request = PaymentRequest(
        id: "preferred_fee_methods", amount: 100, unit: "sat", mints: ["https://mint.example.com"],
        mintPreferred: true,
        supportedMethods: [.init(method: "bolt11"), .init(method: "bolt12", fee: 5)])
    static let creqA =
        "creqApmFpdXByZWZlcnJlZF9mZWVfbWV0aG9kc2FhGGRhdWNzYXRhbYF4GGh0dHBzOi8vbWludC5leGFtcGxlLmNvbWJtcPVic22CoWJtbmZib2x0MTGiYm1uZmJvbHQxMmJtZgU="
    static let creqB =
        "CREQB1QYQP2URJV4NX2UNJV4J97EN9V40K6ET5DPHKGUCZQQYQQQQQQQQQQQRYQVQQZQQ9QQVXSAR5WPEN5TE0D45KUAPWV4UXZMTSD3JJUCM0D5YSQQGPPGQQJQGQQE3X7MR5XYCS5QQ5QYQQVCN0D36RZVSZQQYQQQQQQQQQQQQ9FJ2568"

    @Test("both encodings reproduce the vector byte for byte and decode back")
    func vectorRoundTrips() throws {
        #expect(Self.request.creqA() == Self.creqA)
        #expect(try Self.request.creqB() == Self.creqB)
        #expect(try PaymentRequest(encoded: Self.creqA) == Self.request)
        #expect(try PaymentRequest(encoded: Self.creqB) == Self.request)
        #expect(try PaymentRequest(encoded: Self.creqB.lowercased()) == Self.request)
    }

    @Test("a mint list is strict unless mp is set; payment from an unlisted mint is refused only when strict")
    func strictness() {
        var request = Self.request
        #expect(request.isMintListStrict == false)
        #expect(request.accepts(mint: "https://other.example.com"))
        request.mintPreferred = nil
        #expect(request.isMintListStrict == true)
        #expect(!request.accepts(mint: "https://other.example.com"))
        #expect(request.accepts(mint: "https://mint.example.com/"))
        request.mints = nil
        #expect(request.isMintListStrict == nil)
        #expect(request.accepts(mint: "https://any.example.com"))
    }

    @Test("the fee is the lowest mf among the methods the payer's mint can melt by, and nothing from a listed mint")
    func fees() {
        let request = Self.request
        #expect(request.fee(payingFrom: "https://other.example.com", meltMethods: ["bolt11", "bolt12"]) == 0)
        #expect(request.fee(payingFrom: "https://other.example.com", meltMethods: ["bolt12"]) == 5)
        #expect(request.fee(payingFrom: "https://mint.example.com", meltMethods: ["bolt12"]) == 0)
        // A listed mint is accepted as it is, whatever it can melt by.
        #expect(request.fee(payingFrom: "https://mint.example.com", meltMethods: []) == 0)
        #expect(request.fee(payingFrom: "https://other.example.com", meltMethods: ["onchain"]) == nil)
        #expect(PaymentRequest(amount: 1, unit: "sat").fee(payingFrom: "x", meltMethods: []) == 0)
    }

    @Test("malformed mp and sm are refused in both encodings")
    func malformed() throws {
        var noUnit = Self.request
        noUnit.amount = nil
        noUnit.unit = nil
        #expect(throws: EncodingFailure.self) { try PaymentRequest(encoded: noUnit.creqA()) }
        // mp as text, sm entry without mn.
        let badMP = CBORValue.map([CBORMapEntry("mp", .text("yes"))])
        #expect(throws: EncodingFailure.self) { try PaymentRequest(cbor: badMP) }
        let badSM = CBORValue.map([
            CBORMapEntry("u", .text("sat")), CBORMapEntry("sm", .array([.map([CBORMapEntry("mf", .unsigned(1))])])),
        ])
        #expect(throws: EncodingFailure.self) { try PaymentRequest(cbor: badSM) }
        // TLV: mp of 2, a method without a name, a fee not 8 bytes.
        for tlv: [UInt8] in [[0x09, 0x00, 0x01, 0x02], [0x0a, 0x00, 0x03, 0x02, 0x00, 0x01]] {
            let encoded = try Bech32.encode(hrp: "creqb", bytes: tlv, variant: .bech32m)
            #expect(throws: EncodingFailure.self) { try PaymentRequest.decodeCreqB(encoded) }
        }
    }
}
