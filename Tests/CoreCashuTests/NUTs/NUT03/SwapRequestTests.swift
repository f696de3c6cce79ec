// Tests for NUT-03 — the swap request: spec example round trip and stripping of DLEQ / p2pk_e.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-03 SwapRequest")
struct SwapRequestTests {
    typealias F = WireFixtures

    // 03.md "Example", with the elided `...` elements and the trailing commas (invalid JSON) removed.
    static let specRequest = """
        {
          "inputs": [
            {
              "amount": 2,
              "id": "009a1f293253e41e",
              "secret": "407915bc212be61a77e3e6d2aeb4c727980bda51cd06a6afc29e2861768a7837",
              "C": "02bc9097997d81afb2cc7346b5e4345a9346bd2a506eb7958598a72f0cf85163ea"
            }
          ],
          "outputs": [
            {
              "amount": 2,
              "id": "009a1f293253e41e",
              "B_": "02634a2c2b34bec9e8a4aba4361f6bf202d7fa2365379b0840afe249a7a9d71239"
            }
          ]
        }
        """

    static func dleqProof() throws -> Proof {
        let k = try Scalar(rawRepresentation: [UInt8](repeating: 0, count: 31) + [7])
        return Proof(
            amount: 8, id: F.keysetID, secret: "secret", C: F.point(3),
            dleq: ProofDLEQ(e: k, s: k, r: k), witness: "{\"signatures\":[]}", p2pkE: F.point(4))
    }

    @Test func specExampleRoundTrips() throws {
        let request = try F.roundTrip(SwapRequest.self, Self.specRequest)
        #expect(request.inputs.count == 1)
        #expect(request.inputs[0].amount == 2)
        #expect(request.inputs[0].id.hex == "009a1f293253e41e")
        #expect(request.outputs[0].B_.hex == "02634a2c2b34bec9e8a4aba4361f6bf202d7fa2365379b0840afe249a7a9d71239")
    }

    @Test func initializerStripsDLEQAndP2BKKeyButKeepsWitness() throws {
        let proof = try Self.dleqProof()
        let request = SwapRequest(inputs: [proof], outputs: [F.output(1)])
        #expect(request.inputs[0].dleq == nil)
        #expect(request.inputs[0].p2pkE == nil)
        #expect(request.inputs[0].witness == proof.witness)
        let body = try F.json(request)
        let input = body["inputs"][0]
        #expect(input["dleq"] == .null)
        #expect(input["p2pk_e"] == .null)
        #expect(input.objectValue?.keys.sorted() == ["C", "amount", "id", "secret", "witness"])
    }

    @Test func decoderStripsToo() throws {
        let proof = try Self.dleqProof()
        let leaky = try JSONEncoder().encode(["inputs": [proof]])
        var object = try JSONSerialization.jsonObject(with: leaky) as? [String: Any] ?? [:]
        object["outputs"] = [] as [Any]
        let json = try JSONSerialization.data(withJSONObject: object)
        let request = try JSONDecoder().decode(SwapRequest.self, from: json)
        #expect(request.inputs[0].dleq == nil)
        #expect(request.inputs[0].p2pkE == nil)
    }

    @Test(arguments: [
        #"{"inputs": [], "outputs": "nope"}"#,
        #"{"inputs": [{"amount": "2", "id": "009a1f293253e41e", "secret": "s", "C": "02bc9097997d81afb2cc7346b5e4345a9346bd2a506eb7958598a72f0cf85163ea"}], "outputs": []}"#,
        #"{"inputs": [{"amount": -2, "id": "009a1f293253e41e", "secret": "s", "C": "02bc9097997d81afb2cc7346b5e4345a9346bd2a506eb7958598a72f0cf85163ea"}], "outputs": []}"#,
        #"{"inputs": [], "outputs": [{"amount": 2, "id": "009a1f293253e41e", "B_": "02ff"}]}"#,
        #"{"outputs": []}"#,
    ])
    func badInputIsATypedError(_ json: String) {
        #expect(F.failsToDecode(SwapRequest.self, json))
    }
}
