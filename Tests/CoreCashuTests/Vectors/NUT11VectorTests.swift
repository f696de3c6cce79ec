// Vectors/nut11.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut11 vectors")
struct NUT11VectorTests {
    static let file = VectorFile.load("nut11")

    /// The error each invalid case must raise.
    static let expectedCodes: [String: SpendingConditionError.Code] = [
        "sig_inputs/invalid_signature_other_secret": .insufficientSignatures,
        "sig_inputs/invalid_only_1_of_2_required": .insufficientSignatures,
        "sig_inputs/invalid_refund_before_locktime": .insufficientSignatures,
        "sig_all/swap_invalid_tags_differ": .sigAllMismatch,
        // The preimage is right; the receiver key did not sign and the refund pathway is not open yet.
        "sig_all/htlc_swap_invalid_refund_before_locktime": .insufficientSignatures,
        "canonical/duplicate_in_main_pathway": .duplicateKey,
    ]

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "p2pk_single_proof":
            try checkSingleProof(c)
        case "sig_all_swap", "sig_all_melt":
            try checkTransaction(c, expectedCodes: expectedCodes)
        case "pubkey_canonicalisation":
            try checkCanonicalisation(c)
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    static func assumedNow(_ c: VectorCase) throws -> UInt64 {
        guard let now = c.input["assume_now_unix"].uint64Value else { throw c.fail("assume_now_unix missing") }
        return now
    }

    static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue) throws -> T {
        try JSONDecoder().decode(type, from: value.jsonData)
    }

    static func checkSingleProof(_ c: VectorCase) throws {
        let proof = try decode(Proof.self, c.input["proof"])
        let now = try assumedNow(c)
        if c.id.hasPrefix("multisig/") {
            // The fixture is the same proof without its witness: it must not be spendable as it is.
            let fixture = try decode(Proof.self, file.fixtures["multisig_base_proof"]["proof"])
            try c.expectEqual(fixture.secret, proof.secret, "fixture secret")
            try c.expectError(SpendingConditionError.self, "fixture without witness", matching: {
                $0.code == .missingWitness
            }) { try SpendingConditionVerifier.verify(fixture, now: now) }
        }
        if c.valid {
            try c.expectEqual(c.expected["spendable"].boolValue, true, "expected.spendable")
            try SpendingConditionVerifier.verify(proof, now: now)
        } else {
            try c.expectEqual(c.expected["spendable"].boolValue, false, "expected.spendable")
            try expectRejected(c, expectedCodes: expectedCodes) {
                try SpendingConditionVerifier.verify(proof, now: now)
            }
        }
    }

    /// Shared with the HTLC swap cases of nut14.json.
    static func checkTransaction(_ c: VectorCase, expectedCodes: [String: SpendingConditionError.Code]) throws {
        let request = c.input["swap_request"].isNull ? c.input["melt_request"] : c.input["swap_request"]
        let inputs = try decode([Proof].self, request["inputs"])
        let outputs = try decode([BlindedMessage].self, request["outputs"])
        let transaction: SigAllMessage.Transaction
        if let quote = request["quote"].stringValue {
            transaction = .melt(outputs: outputs, quoteID: quote)
        } else {
            transaction = .swap(outputs: outputs)
        }
        let message = transaction.message(inputs: inputs)
        if let expectedMessage = c.expected["msg_to_sign"].stringValue {
            try c.expectEqual(message, expectedMessage, "msg_to_sign")
        }
        for hash in [c.expected["msg_sha256"], c.derived["msg_sha256"]] {
            guard let hex = hash.stringValue else { continue }
            try c.expectEqual(Hex.encode(SigAllMessage.digest(message)), hex, "msg_sha256")
        }
        let now = try assumedNow(c)
        if c.valid {
            try c.expectEqual(c.expected["valid"].boolValue, true, "expected.valid")
            try SpendingConditionVerifier.verify(inputs: inputs, transaction: transaction, now: now)
        } else {
            try c.expectEqual(c.expected["valid"].boolValue, false, "expected.valid")
            try expectRejected(c, expectedCodes: expectedCodes) {
                try SpendingConditionVerifier.verify(inputs: inputs, transaction: transaction, now: now)
            }
        }
    }

    static func checkCanonicalisation(_ c: VectorCase) throws {
        if c.id == "canonical/equivalent_keys" {
            let keys = try (c.input["keys"].arrayValue ?? []).map { try Point(hex: c.string($0, "key")) }
            try c.expectTrue(keys.count == 6, "six keys")
            try c.expectTrue(Set(keys.map(\.xOnly)).count == 1, "all keys share one x-coordinate")
            // Any two of them in one pathway are a duplicate.
            try c.expectError(SpendingConditionError.self, "equivalent keys in one pathway", matching: {
                $0.code == .duplicateKey
            }) { _ = try SignaturePathway(keyHexes: [keys[0].hex, keys[4].hex], thresholdText: nil, name: "main") }
            return
        }
        var tags: [SecretTag] = []
        for name in ["pubkeys", "refund"] {
            guard let values = c.input[name].arrayValue else { continue }
            tags.append(try SecretTag(name, values.map { try c.string($0, name) }))
        }
        let secret = WellKnownSecret.make(
            kind: .p2pk, nonce: "00", data: try c.string(c.input["data"], "data"), tags: tags)
        let reparsed = try WellKnownSecret(parsing: secret.rawValue)
        if c.valid {
            try c.expectEqual(c.expected["malformed"].boolValue, false, "expected.malformed")
            let conditions = try SpendingConditions(reparsed)
            try c.expectTrue(conditions.refund != nil, "refund pathway present")
        } else {
            try c.expectEqual(c.expected["malformed"].boolValue, true, "expected.malformed")
            try expectRejected(c, expectedCodes: expectedCodes) { _ = try SpendingConditions(reparsed) }
        }
    }

    static func expectRejected(
        _ c: VectorCase, expectedCodes: [String: SpendingConditionError.Code], _ body: () throws -> Void
    ) throws {
        guard let code = expectedCodes[c.id] else { throw c.fail("no expected error code for invalid case") }
        try c.expectError(SpendingConditionError.self, "rejection", matching: { $0.code == code }, body)
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
