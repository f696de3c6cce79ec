// Tests of Sources/CashuEngine/NUTs/NUT00/Token.swift: the token model, amounts, keyset ids, short-id resolution.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Token")
struct TokenTests {
    typealias F = TokenFixtures

    @Test func mintURLLosesTrailingSlashes() {
        let token = Token(mint: "https://mint.example/api//", unit: "sat", proofs: [F.proof(1)])
        #expect(token.mint == "https://mint.example/api")
        #expect(TokenEntry(mint: "/", proofs: []).mint == "")
    }

    @Test func totalAmountAddsAndDetectsOverflow() throws {
        let token = Token(mint: "m", unit: "sat", proofs: [F.proof(1), F.proof(2, n: 1), F.proof(8, n: 2)])
        #expect(try token.totalAmount() == 11)
        let huge = Token(mint: "m", unit: "sat", proofs: [F.proof(1 << 63), F.proof(1 << 63, n: 1)])
        #expect(throws: EncodingFailure(.amountOverflow, "token amounts overflow UInt64")) { try huge.totalAmount() }
        #expect(huge.description.contains("overflow"))
    }

    @Test func keysetIDsAreDistinctInTokenOrder() {
        let token = Token(
            mint: "m", unit: "sat",
            proofs: [F.proof(1, id: F.idV1b), F.proof(2, id: F.idV1, n: 1), F.proof(4, id: F.idV1b, n: 2)])
        #expect(token.keysetIDs == [F.idV1b, F.idV1])
    }

    @Test func multiMintAccessors() {
        let token = Token(
            entries: [
                TokenEntry(mint: "https://a/", proofs: [F.proof(1)]),
                TokenEntry(mint: "https://b", proofs: [F.proof(2, n: 1)]),
                TokenEntry(mint: "https://a", proofs: [F.proof(4, n: 2)]),
            ], unit: nil)
        #expect(token.mint == nil)
        #expect(token.mints == ["https://a", "https://b"])
        #expect(token.proofCount == 3)
        #expect(token.proofs.map(\.amount) == [1, 2, 4])
    }

    @Test func descriptionHidesSecrets() throws {
        let proof = try F.fullProof()
        let token = Token(mint: "https://mint.example", unit: "sat", memo: "hi", proofs: [proof])
        let texts = [token.description, String(describing: token), String(reflecting: token), "\(token.entries)"]
        for text in texts {
            #expect(!text.contains("P2PK"))
            #expect(!text.contains(proof.dleq!.r.exposedSecretHex))
        }
    }

    @Test func shortIDsResolveAgainstKnownKeysets() throws {
        let full = try KeysetID(hex: "01adc013fa9d8517" + String(repeating: "ab", count: 25))
        let other = try KeysetID(hex: "01adc013fa9d8518" + String(repeating: "ab", count: 25))
        let short = full.shortened
        #expect(short.isShort)
        let token = Token(mint: "m", unit: "sat", proofs: [F.proof(1, id: short), F.proof(2, id: F.idV1, n: 1)])
        #expect(token.hasShortKeysetIDs)
        let resolved = try token.resolvingShortIDs(against: [other, full])
        #expect(resolved.keysetIDs == [full, F.idV1])
        #expect(!resolved.hasShortKeysetIDs)
        // A token without short ids comes back unchanged whatever the known set.
        #expect(try resolved.resolvingShortIDs(against: []) == resolved)
    }

    @Test func shortIDResolutionFailsWhenUnknownOrAmbiguous() throws {
        let full = try KeysetID(hex: "01adc013fa9d8517" + String(repeating: "ab", count: 25))
        let twin = try KeysetID(hex: "01adc013fa9d8517" + String(repeating: "cd", count: 25))
        let token = Token(mint: "m", unit: "sat", proofs: [F.proof(1, id: full.shortened)])
        #expect {
            try token.resolvingShortIDs(against: [F.idV1])
        } throws: { ($0 as? EncodingFailure)?.code == .unknownKeyset }
        #expect {
            try token.resolvingShortIDs(against: [full, twin])
        } throws: { ($0 as? EncodingFailure)?.code == .ambiguousKeyset }
    }

    @Test func v4GroupsProofsByKeysetInFirstSeenOrder() throws {
        let token = Token(
            mint: "m", unit: "sat",
            proofs: [F.proof(1, id: F.idV1b), F.proof(2, id: F.idV1, n: 1), F.proof(4, id: F.idV1b, n: 2)])
        let decoded = try Token.decode(try token.serialized())
        #expect(decoded.proofs.map(\.amount) == [1, 4, 2])
        #expect(decoded.keysetIDs == [F.idV1b, F.idV1])
    }

    @Test func v4SerializationNeedsOneMintAUnitAndProofs() {
        let twoMints = Token(
            entries: [TokenEntry(mint: "a", proofs: [F.proof(1)]), TokenEntry(mint: "b", proofs: [F.proof(1)])],
            unit: "sat")
        #expect { try twoMints.serialized() } throws: { ($0 as? EncodingFailure)?.code == .invalidField }
        let noUnit = Token(entries: [TokenEntry(mint: "a", proofs: [F.proof(1)])], unit: nil)
        #expect { try noUnit.serialized() } throws: { ($0 as? EncodingFailure)?.code == .missingField }
        let empty = Token(mint: "a", unit: "sat", proofs: [])
        #expect { try empty.binaryRepresentation() } throws: { ($0 as? EncodingFailure)?.code == .invalidField }
        // V3 can carry all of them (the decoder then refuses the empty one).
        #expect(throws: Never.self) { _ = try twoMints.serialized(as: .v3) }
    }

    @Test func roundTripsThroughEveryFormat() throws {
        let token = Token(
            mint: "https://mint.example", unit: "usd", memo: "lunch",
            proofs: [try F.fullProof(), F.proof(1 << 63, n: 2), F.proof(2, id: F.idV1b, n: 1)])
        for version in Token.Version.allCases {
            for padded in [false, true] {
                #expect(try Token.decode(try token.serialized(as: version, padded: padded)) == token)
            }
        }
        #expect(try Token.decode(binary: try token.binaryRepresentation()) == token)
    }
}
