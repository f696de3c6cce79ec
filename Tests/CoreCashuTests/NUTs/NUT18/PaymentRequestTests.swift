// NUT-18 — Payment requests: tests of the model, the `creqA` encoding and the payload.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("PaymentRequest (creqA)")
struct PaymentRequestTests {
    /// The code of the `EncodingFailure` `body` throws; `nil` when it succeeds, `notEncodingFailure` for any other
    /// error.
    static func code(_ body: () throws -> Void) -> EncodingFailure.Code? {
        do { try body() } catch let error as EncodingFailure { return error.code } catch {
            return EncodingFailure.Code(rawValue: "notEncodingFailure")
        }
        return nil
    }

    @Test func roundTripAllFields() throws {
        let request = PaymentRequest(
            id: "abc", amount: UInt64.max, unit: "usd", singleUse: false, mints: ["https://a.example", "https://b"],
            description: "ünïcödé ☕", transports: [.init(kind: .post, target: "https://pay.example", tags: [["x"]])],
            nut10: .init(kind: "P2PK", data: "02aa", tags: nil))
        let encoded = request.creqA()
        #expect(encoded.hasPrefix("creqA"))
        #expect(try PaymentRequest(encoded: encoded) == request)
        #expect(try PaymentRequest.decodeCreqA(encoded) == request)
    }

    @Test func emptyRequestAndEmptyTransports() throws {
        #expect(try PaymentRequest(encoded: PaymentRequest().creqA()) == PaymentRequest())
        let inBand = PaymentRequest(transports: [])
        #expect(try PaymentRequest(encoded: inBand.creqA()) == inBand)
    }

    @Test func absentTagsEncodeAsUndefined() {
        let cbor = CBOREncoder.encode(PaymentRequest.Transport(kind: .post, target: "u").cborValue)
        #expect(cbor.last == 0xf7)
    }

    @Test func unknownTransportKindKeptInCreqA() throws {
        let request = PaymentRequest(transports: [.init(kind: .init(rawValue: "carrier-pigeon"), target: "roof")])
        #expect(try PaymentRequest(encoded: request.creqA()).transports?.first?.kind.rawValue == "carrier-pigeon")
        #expect(Self.code { _ = try request.creqB() } == .unsupportedTransport)
    }

    @Test func wrongTypesRejected() {
        let bad: [CBORValue] = [
            .map([CBORMapEntry("i", .unsigned(1))]),
            .map([CBORMapEntry("a", .text("1")), CBORMapEntry("u", .text("sat"))]),
            .map([CBORMapEntry("a", .float(1.0)), CBORMapEntry("u", .text("sat"))]),
            .map([CBORMapEntry("m", .array([.unsigned(1)]))]),
            .map([CBORMapEntry("t", .map([]))]),
            .map([CBORMapEntry("t", .array([.text("post")]))]),
            .map([CBORMapEntry("nut10", .array([]))]),
            .map([CBORMapEntry("nut10", .map([CBORMapEntry("k", .text("P2PK"))]))]),
            .map([CBORMapEntry("nut10", .map([CBORMapEntry("k", .text("P2PK")), CBORMapEntry("d", .text("x")),
                CBORMapEntry("t", .array([.text("flat")]))]))]),
            .text("creq"),
        ]
        for value in bad {
            let encoded = "creqA" + Base64URL.encode(CBOREncoder.encode(value))
            #expect(throws: EncodingFailure.self) { try PaymentRequest(encoded: encoded) }
        }
    }

    @Test func jsonUsesOneLetterKeys() throws {
        let request = PaymentRequest(id: "x", amount: 5, unit: "sat", singleUse: true)
        let json = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        for key in ["\"i\"", "\"a\"", "\"u\"", "\"s\""] { #expect(json.contains(key)) }
        #expect(try JSONDecoder().decode(PaymentRequest.self, from: Data(json.utf8)) == request)
    }

    @Test func payloadJSONAndRedaction() throws {
        let proof = Proof(
            amount: 8, id: try KeysetID(hex: "009a1f293253e41e"), secret: "very-secret",
            C: try Point(hex: "02bc9097997d81afb2cc7346b5e4345a9346bd2a506eb7958598a72f0cf85163ea"))
        let payload = PaymentRequestPayload(id: "b7a90176", mint: "https://mint.example", unit: "sat", proofs: [proof])
        let data = try JSONEncoder().encode(payload)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["mint"] as? String == "https://mint.example")
        #expect(object?["memo"] == nil)
        #expect(try JSONDecoder().decode(PaymentRequestPayload.self, from: data) == payload)
        #expect(!"\(payload)".contains("very-secret"))
    }
}
