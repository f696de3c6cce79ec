// Tests for NUT-09 — the restore request and response: wire shape, legacy `promises`, and matching by B_.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-09 Restore")
struct RestoreTests {
    typealias F = WireFixtures

    static let request = RestoreRequest(outputs: (1...5).map { F.output($0, amount: 1) })

    static func response(_ indices: [UInt8], amounts: [UInt64]? = nil) -> RestoreResponse {
        let amounts = amounts ?? indices.map { _ in 4 }
        return RestoreResponse(
            outputs: indices.map { F.output($0, amount: 1) },
            signatures: zip(indices, amounts).map { F.signature(100 + $0.0, amount: $0.1) })
    }

    @Test func wireShapeRoundTrips() throws {
        // 09.md gives only the shapes `{"outputs"}` → `{"outputs", "signatures"}`; filled in with 03.md's points.
        let requestJSON = """
            {"outputs": [{"amount": 1, "id": "009a1f293253e41e",
              "B_": "02634a2c2b34bec9e8a4aba4361f6bf202d7fa2365379b0840afe249a7a9d71239"}]}
            """
        let responseJSON = """
            {"outputs": [{"amount": 1, "id": "009a1f293253e41e",
              "B_": "02634a2c2b34bec9e8a4aba4361f6bf202d7fa2365379b0840afe249a7a9d71239"}],
             "signatures": [{"amount": 8, "id": "009a1f293253e41e",
              "C_": "02bc9097997d81afb2cc7346b5e4345a9346bd2a506eb7958598a72f0cf85163ea"}]}
            """
        let request = try F.roundTrip(RestoreRequest.self, requestJSON)
        let response = try F.roundTrip(RestoreResponse.self, responseJSON)
        let matched = try response.match(against: request)
        #expect(matched.count == 1)
        #expect(matched[0].requestIndex == 0)
        #expect(matched[0].signature.amount == 8)
    }

    @Test func legacyPromisesKeyIsRead() throws {
        let sig = #"{"amount": 8, "id": "009a1f293253e41e", "C_": "\#(F.point(9).hex)"}"#
        let out = #"{"amount": 1, "id": "009a1f293253e41e", "B_": "\#(F.point(1).hex)"}"#
        let legacy = try F.decode(RestoreResponse.self, #"{"outputs": [\#(out)], "promises": [\#(sig)]}"#)
        #expect(legacy.signatures.map(\.C_) == [F.point(9)])
        // Both keys (Nutshell ≥ 0.15.1): `signatures` wins; encoding writes only `signatures`.
        let both = try F.decode(
            RestoreResponse.self, #"{"outputs": [\#(out)], "signatures": [\#(sig)], "promises": []}"#)
        #expect(both.signatures.count == 1)
        #expect(try F.json(both).objectValue?.keys.sorted() == ["outputs", "signatures"])
        #expect(F.failsToDecode(RestoreResponse.self, #"{"outputs": [\#(out)]}"#))
    }

    @Test func matchesBySubsetAndOutOfOrderNotByIndex() throws {
        let matched = try Self.response([4, 2], amounts: [16, 2]).match(against: Self.request)
        #expect(matched.map(\.requestIndex) == [1, 3])
        #expect(matched.map(\.output.B_) == [F.point(2), F.point(4)])
        #expect(matched.map(\.signature.amount) == [2, 16])
        #expect(try Self.response([]).match(against: Self.request).isEmpty)
    }

    @Test func unknownOutputIsRejected() {
        let failure = F.failure { _ = try Self.response([1, 42]).match(against: Self.request) }
        #expect(failure?.code == .unknownOutput)
        #expect(failure?.index == 1)
    }

    @Test func duplicateOutputIsRejected() {
        let failure = F.failure { _ = try Self.response([3, 1, 3]).match(against: Self.request) }
        #expect(failure?.code == .duplicateOutput)
        #expect(failure?.index == 2)
    }

    @Test func duplicateInTheRequestIsRejected() {
        let request = RestoreRequest(outputs: [F.output(1), F.output(2), F.output(1)])
        let failure = F.failure { _ = try Self.response([2]).match(against: request) }
        #expect(failure?.code == .duplicateRequestOutput)
        #expect(failure?.index == 2)
    }

    @Test func countMismatchesAreRejected() {
        var unequal = Self.response([1, 2])
        unequal.signatures.removeLast()
        #expect(F.failure { _ = try unequal.match(against: Self.request) }?.code == .countMismatch)
        let tooMany = Self.response([1, 2, 3])
        let small = RestoreRequest(outputs: [F.output(1), F.output(2)])
        #expect(F.failure { _ = try tooMany.match(against: small) }?.code == .countMismatch)
    }

    @Test func keysetMismatchIsRejected() {
        var response = Self.response([1, 2])
        response.signatures[1].id = F.otherKeysetID
        let failure = F.failure { _ = try response.match(against: Self.request) }
        #expect(failure?.code == .keysetMismatch)
        #expect(failure?.index == 1)
    }

    @Test func badJSONIsATypedError() {
        #expect(F.failsToDecode(RestoreRequest.self, #"{"outputs": [{"amount": 1}]}"#))
        #expect(F.failsToDecode(RestoreResponse.self, #"{"outputs": 3, "signatures": []}"#))
        let badSignature = #"{"amount": 1, "id": "00", "C_": "02"}"#
        #expect(F.failsToDecode(RestoreResponse.self, #"{"outputs": [], "signatures": [\#(badSignature)]}"#))
    }
}
