// Vectors/nut28.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut28 vectors")
struct NUT28VectorTests {
    static let file = VectorFile.load("nut28")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "ecdh":
            let e = try Scalar(hex: try c.string(c.input["e"], "e"))
            let p = try Scalar(hex: try c.string(c.input["p"], "p"))
            let bigE = try Point(hex: try c.string(c.input["E"], "E"))
            let bigP = try P2BK.receiverKey(hex: try c.string(c.input["P"], "P"))
            try c.expectEqual(e.publicKey, bigE, "E = e·G")
            try c.expectEqual(p.publicKey.xOnly, bigP.xOnly, "x(P) = x(p·G)")
            let expected = try c.string(c.expected["Zx"], "Zx")
            let senderZx = P2BK.sharedSecret(point: bigP, scalar: e).exposedSecretBytes
            let receiverZx = P2BK.sharedSecret(point: bigE, scalar: p).exposedSecretBytes
            try c.expectEqual(Hex.encode(senderZx), expected, "x(e·P)")
            try c.expectEqual(Hex.encode(receiverZx), expected, "x(p·E)")
        case "slot_blinding":
            let zx = SecureBytes(try Hex.decode(try c.string(c.input["Zx"], "Zx"), count: 32))
            guard let slot = c.input["slot"].int64Value.flatMap({ Int(exactly: $0) }) else {
                throw c.fail("slot missing")
            }
            let p = try Scalar(hex: try c.string(c.input["p"], "p"))
            let bigP = try P2BK.receiverKey(hex: try c.string(c.input["P"], "P"))
            let r = try P2BK.blindingScalar(sharedSecret: zx, slot: slot)
            try c.expectEqual(r.exposedSecretHex, try c.string(c.expected["r"], "r"), "r_i")
            let blinded = try c.string(c.expected["P_blinded"], "P_blinded")
            try c.expectEqual(try bigP.adding(r.publicKey).hex, blinded, "P' = P + r·G")
            // Sender side end to end, with the ephemeral key of the file's ECDH case.
            let sender = P2BKEphemeralKey(privateKey: try Scalar(hex: try c.string(ecdhInput["e"], "e")))
            try c.expectEqual(try sender.blind(bigP, slot: slot).hex, blinded, "sender blinding")
            try c.expectEqual(
                try p.adding(r).exposedSecretHex, try c.string(c.expected["sk_standard"], "sk_standard"), "p + r")
            try c.expectEqual(
                try p.negated().adding(r).exposedSecretHex, try c.string(c.expected["sk_negated"], "sk_negated"),
                "-p + r")
            let receiver = P2BKReceiver(privateKey: p)
            guard let k = try receiver.signingKey(for: try Point(hex: blinded), slot: slot, sharedSecret: zx) else {
                throw c.fail("receiver did not claim its own blinded key")
            }
            try c.expectEqual(k.exposedSecretHex, try c.string(c.expected["sk_to_use"], "sk_to_use"), "signing key")
            try c.expectEqual(k.publicKey.hex, blinded, "k·G = P'")
            let otherSlot = (slot + 1) % P2BK.slotCount
            try c.expectTrue(
                try receiver.signingKey(for: try Point(hex: blinded), slot: otherSlot, sharedSecret: zx) == nil,
                "a blinded key is claimed only in its own slot")
        case "derivation_choice":
            let p = try Scalar(hex: try c.string(c.input["p"], "p"))
            let bigP = try P2BK.receiverKey(hex: try c.string(c.input["P"], "P"))
            try c.expectEqual(p.publicKey.hex, try c.string(c.expected["pG"], "pG"), "natural key p·G")
            let sender = P2BKEphemeralKey(privateKey: try Scalar(hex: try c.string(ecdhInput["e"], "e")))
            let blinded = try sender.blind(bigP, slot: 0)
            guard let k = try P2BKReceiver(privateKey: p).signingKey(
                for: blinded, slot: 0, ephemeralKey: sender.publicKey)
            else { throw c.fail("receiver did not claim its own blinded key") }
            let zx = P2BK.sharedSecret(point: sender.publicKey, scalar: p)
            let r = try P2BK.blindingScalar(sharedSecret: zx, slot: 0)
            let chosen = k == (try p.adding(r)) ? "standard" : k == (try p.negated().adding(r)) ? "negated" : "neither"
            try c.expectEqual(chosen, try c.string(c.expected["derivation"], "derivation"), "derivation")
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    /// The inputs of the file's ECDH case (sender and receiver key pairs), shared by the slot cases.
    static var ecdhInput: JSONValue {
        file.cases.first(where: { $0.group == "ecdh" })?.input ?? .null
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }

    /// The file's `fixtures.example_p2bk_proof`: the receiver finds its key in slot 0 (`data`) of the proof's secret
    /// using `p2pk_e`, and the derived key signs for it.
    @Test("fixture: example P2BK proof")
    func exampleProof() throws {
        let fixture = Self.file.fixtures["example_p2bk_proof"]["proof"]
        let proof = try JSONDecoder().decode(Proof.self, from: fixture.jsonData)
        let ephemeral = try #require(proof.p2pkE)
        #expect(ephemeral.hex == Self.ecdhInput["E"].stringValue)
        let secret = try JSONDecoder().decode(JSONValue.self, from: Data(proof.secret.utf8))
        #expect(secret[0].stringValue == "P2PK")
        let data = try Point(hex: try #require(secret[1]["data"].stringValue))
        #expect(secret[1]["tags"].arrayValue == [])
        let p = try Scalar(hex: try #require(Self.ecdhInput["p"].stringValue))
        let k = try #require(try P2BKReceiver(privateKey: p).signingKey(for: data, slot: 0, ephemeralKey: ephemeral))
        #expect(k.publicKey == data)
        let slot0 = try #require(Self.file.cases.first(where: { $0.id == "slot_0" }))
        #expect(k.exposedSecretHex == slot0.expected["sk_to_use"].stringValue)
        let message = [UInt8](repeating: 7, count: 32)
        let signature = try Schnorr.sign(message: message, key: k)
        #expect(Schnorr.verify(signature: signature, message: message, publicKey: data))
        #expect(proof.strippedForMint.p2pkE == nil)
    }
}
