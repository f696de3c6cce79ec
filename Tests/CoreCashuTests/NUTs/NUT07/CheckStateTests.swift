// Tests for NUT-07 — the state-check request and response: spec examples, states, and order/count checks.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-07 CheckState")
struct CheckStateTests {
    typealias F = WireFixtures

    // 07.md "Example" (curl request body and response).
    static let specY = "02599b9ea0a1ad4143706c2a5a4a568ce442dd4313e1cf1f7f0b58a317c1a355ee"
    static let specRequest = """
        {
          "Ys": [
            "02599b9ea0a1ad4143706c2a5a4a568ce442dd4313e1cf1f7f0b58a317c1a355ee"
          ]
        }
        """
    static let specResponse = #"""
        {
          "states": [
            {
              "Y": "02599b9ea0a1ad4143706c2a5a4a568ce442dd4313e1cf1f7f0b58a317c1a355ee",
              "state": "SPENT",
              "witness": "{\"signatures\": [\"b2cf120a49cb1ac3cb32e1bf5ccb6425e0a8372affdc1d41912ca35c13908062\#
        f269c0caa53607d4e1ac4c8563246c4c8a869e6ee124ea826fd4746f3515dc1e\"]}"
            }
          ]
        }
        """#

    static func response(_ ys: [Point], _ states: [String]) throws -> CheckStateResponse {
        let entries = zip(ys, states).map { #"{"Y": "\#($0.0.hex)", "state": "\#($0.1)", "witness": null}"# }
        return try F.decode(CheckStateResponse.self, #"{"states": [\#(entries.joined(separator: ","))]}"#)
    }

    @Test func specExamplesRoundTripAndMatch() throws {
        let request = try F.roundTrip(CheckStateRequest.self, Self.specRequest)
        #expect(request.Ys.map(\.hex) == [Self.specY])
        let response = try F.roundTrip(CheckStateResponse.self, Self.specResponse)
        #expect(response.states[0].state == .spent)
        #expect(response.states[0].witness?.hasPrefix("{\"signatures\": [\"b2cf12") == true)
        try response.validate(against: request)
    }

    @Test func requestKeyIsCapitalYs() throws {
        let body = try F.json(CheckStateRequest(Ys: [F.point(1)]))
        #expect(body.objectValue?.keys.sorted() == ["Ys"])
        #expect(body["Ys"][0].stringValue == F.point(1).hex)
    }

    @Test func allThreeStatesDecodeAndNullWitnessIsNil() throws {
        let ys = [F.point(1), F.point(2), F.point(3)]
        let response = try Self.response(ys, ["UNSPENT", "PENDING", "SPENT"])
        #expect(response.states.map(\.state) == [.unspent, .pending, .spent])
        #expect(response.states.allSatisfy { $0.witness == nil })
        try response.validate(against: CheckStateRequest(Ys: ys))
        // A missing witness key decodes too (NUT-17 payloads omit it).
        let bare = try F.decode(ProofState.self, #"{"Y": "\#(ys[0].hex)", "state": "UNSPENT"}"#)
        #expect(bare.witness == nil)
    }

    @Test(arguments: ["spent", "RESERVED", "", "UNSPENT "])
    func unknownStateDecodesButFailsValidation(_ raw: String) throws {
        let ys = [F.point(1), F.point(2)]
        let response = try Self.response(ys, ["SPENT", raw])
        #expect(response.states[1].state == .unknown(raw))
        #expect(!response.states[1].state.isKnown)
        let failure = F.failure { try response.validate(against: CheckStateRequest(Ys: ys)) }
        #expect(failure?.code == .unknownState)
        #expect(failure?.index == 1)
    }

    @Test func longUnknownStateIsCut() {
        let state = ProofState.State(rawValue: String(repeating: "X", count: 10_000))
        #expect(state.rawValue.count == ProofState.State.maxUnknownLength)
    }

    @Test func wrongCountIsRejected() throws {
        let response = try Self.response([F.point(1)], ["SPENT"])
        let failure = F.failure { try response.validate(against: CheckStateRequest(Ys: [F.point(1), F.point(2)])) }
        #expect(failure?.code == .countMismatch)
        let empty = CheckStateResponse(states: [])
        #expect(F.failure { try empty.validate(against: CheckStateRequest(Ys: [F.point(1)])) }?.code == .countMismatch)
    }

    @Test func reorderedStatesAreRejected() throws {
        let ys = [F.point(1), F.point(2), F.point(3)]
        let response = try Self.response([ys[0], ys[2], ys[1]], ["SPENT", "SPENT", "UNSPENT"])
        let failure = F.failure { try response.validate(against: CheckStateRequest(Ys: ys)) }
        #expect(failure?.code == .orderMismatch)
        #expect(failure?.index == 1)
    }

    @Test(arguments: [
        #"{"states": [{"Y": "02599b9ea0a1ad4143706c2a5a4a568ce442dd4313e1cf1f7f0b58a317c1a355ee", "state": 1}]}"#,
        #"{"states": [{"Y": "zz", "state": "SPENT"}]}"#,
        #"{"states": [{"state": "SPENT"}]}"#,
        #"{"states": [{"Y": "02599b9ea0a1ad4143706c2a5a4a568ce442dd4313e1cf1f7f0b58a317c1a355ee", "state": "SPENT", "witness": 5}]}"#,
        #"{"states": null}"#,
    ])
    func badResponseJSONIsATypedError(_ json: String) {
        #expect(F.failsToDecode(CheckStateResponse.self, json))
    }

    @Test func badRequestJSONIsATypedError() {
        #expect(F.failsToDecode(CheckStateRequest.self, #"{"ys": []}"#))
        #expect(F.failsToDecode(CheckStateRequest.self, #"{"Ys": [5]}"#))
    }
}

@Suite("CheckStateRequest from proofs")
struct CheckStateRequestFromProofsTests {
    @Test("Y is hash_to_curve of the secret's UTF-8 bytes, in proof order")
    func ysFromProofs() throws {
        let keyset = try KeysetID(hex: "009a1f293253e41e")
        let C = Scalar.random().publicKey
        let secrets = ["a", "407915bc212be61a77e3e6d2aeb4c727980bda51cd06a6afc29e2861768a7837"]
        let proofs = secrets.map { Proof(amount: 1, id: keyset, secret: $0, C: C) }
        let request = try CheckStateRequest(proofs: proofs)
        #expect(request.Ys == (try secrets.map { try HashToCurve.point(message: Array($0.utf8)) }))
    }
}

@Suite("ProofState printing")
struct ProofStatePrintingTests {
    @Test("the witness (which may hold an HTLC preimage) never prints")
    func witnessRedacted() {
        let preimage = String(repeating: "ab", count: 32)
        let state = ProofState(Y: Scalar.random().publicKey, state: .spent, witness: #"{"preimage":"\#(preimage)"}"#)
        #expect(!"\(state)".contains(preimage))
        #expect(!String(reflecting: state).contains(preimage))
    }
}
