// Tests for NUT-03 — the swap response: decoding and the index-by-index checks against the request's outputs.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-03 SwapResponse")
struct SwapResponseTests {
    typealias F = WireFixtures

    static let outputs = [F.output(1, amount: 2), F.output(2, amount: 8), F.output(3, amount: 8)]
    static let request = SwapRequest(inputs: [], outputs: outputs)

    static func signatures(_ amounts: [UInt64]) -> [BlindSignature] {
        amounts.enumerated().map { F.signature(UInt8(10 + $0.offset), amount: $0.element) }
    }

    @Test func roundTripsASignatureList() throws {
        let json = """
            {"signatures": [{"amount": 2, "id": "009a1f293253e41e",
              "C_": "02634a2c2b34bec9e8a4aba4361f6bf202d7fa2365379b0840afe249a7a9d71239"}]}
            """
        let response = try F.roundTrip(SwapResponse.self, json)
        #expect(response.signatures.map(\.amount) == [2])
    }

    @Test func matchingResponseValidates() throws {
        let response = SwapResponse(signatures: Self.signatures([2, 8, 8]))
        try response.validate(against: Self.request)
    }

    @Test(arguments: [[UInt64](), [2, 8], [2, 8, 8, 8]])
    func wrongCountIsRejected(_ amounts: [UInt64]) {
        let response = SwapResponse(signatures: Self.signatures(amounts))
        let failure = F.failure { try response.validate(against: Self.request) }
        #expect(failure?.code == .countMismatch)
        #expect(failure?.index == nil)
    }

    @Test func amountMismatchNamesTheIndex() {
        // The NUT-23 examples' [2, 8] for outputs [8, 2] is this case: order is the outputs' order.
        let response = SwapResponse(signatures: Self.signatures([2, 8, 4]))
        let failure = F.failure { try response.validate(against: Self.request) }
        #expect(failure?.code == .amountMismatch)
        #expect(failure?.index == 2)
        let swapped = SwapResponse(signatures: Self.signatures([8, 2, 8]))
        #expect(F.failure { try swapped.validate(against: Self.request) }?.index == 0)
    }

    @Test func keysetMismatchNamesTheIndex() {
        var signatures = Self.signatures([2, 8, 8])
        signatures[1].id = F.otherKeysetID
        let failure = F.failure { try SwapResponse(signatures: signatures).validate(against: Self.request) }
        #expect(failure?.code == .keysetMismatch)
        #expect(failure?.index == 1)
    }

    @Test func badSignatureJSONIsATypedError() {
        #expect(F.failsToDecode(SwapResponse.self, #"{"signatures": {}}"#))
        #expect(F.failsToDecode(SwapResponse.self, #"{"signatures": [{"amount": 2, "id": "009a1f293253e41e"}]}"#))
        #expect(F.failsToDecode(SwapResponse.self, #"{}"#))
    }
}
