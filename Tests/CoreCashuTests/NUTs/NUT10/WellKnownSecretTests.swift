// Tests for NUT-10 — WellKnownSecret parsing, tag rules and creation.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-10 well-known secret")
struct WellKnownSecretTests {
    static let example =
        #"["P2PK",{"nonce":"859d4935c4907062a6297cf4e663e2835d90d97ecdd510745d32f6816323a41f","data":"0249098aa8b9d2fbec49ff8598feb17b592b986e62319a4fa488a3dc36387157a7","tags":[["sigflag","SIG_INPUTS"]]}]"#

    @Test func parsesTheSpecExample() throws {
        let secret = try #require(try WellKnownSecret.parse(Self.example))
        #expect(secret.kind == .p2pk)
        #expect(secret.nonce == "859d4935c4907062a6297cf4e663e2835d90d97ecdd510745d32f6816323a41f")
        #expect(secret.data == "0249098aa8b9d2fbec49ff8598feb17b592b986e62319a4fa488a3dc36387157a7")
        let expectedTag = try SecretTag("sigflag", ["SIG_INPUTS"])
        #expect(secret.tags == [expectedTag])
        #expect(secret.rawValue == Self.example)
    }

    @Test func keepsTheExactStringEvenWithOtherFormatting() throws {
        let spaced = "[ \"P2PK\" , {\"data\": \"ab\", \"nonce\": \"x\\/y\"} ]"
        let secret = try WellKnownSecret(parsing: spaced)
        #expect(secret.rawValue == spaced)
        #expect(secret.nonce == "x/y")
        #expect(secret.tags.isEmpty)
    }

    @Test func plainSecretsAreNotWellKnown() throws {
        #expect(try WellKnownSecret.parse("407915bc212be61a77e3e6d2aeb4c727980bda51cd06a6afc29e2861768a7837") == nil)
        #expect(try WellKnownSecret.parse("") == nil)
        #expect(try WellKnownSecret.parse("{\"a\":1}") == nil)
    }

    @Test(arguments: [
        "[",
        "[]",
        "[\"P2PK\"]",
        "[\"P2PK\",{\"nonce\":\"n\",\"data\":\"d\"},1]",
        "[1,{\"nonce\":\"n\",\"data\":\"d\"}]",
        "[\"\",{\"nonce\":\"n\",\"data\":\"d\"}]",
        "[\"P2PK\",[]]",
        "[\"P2PK\",{\"data\":\"d\"}]",
        "[\"P2PK\",{\"nonce\":\"n\"}]",
        "[\"P2PK\",{\"nonce\":1,\"data\":\"d\"}]",
        "[\"P2PK\",{\"nonce\":\"n\",\"data\":null}]",
        "[\"P2PK\",{\"nonce\":\"n\",\"data\":\"d\"}] trailing",
    ])
    func malformedSecretsAreRejected(_ text: String) {
        #expect(SpendingFixtures.code { _ = try WellKnownSecret.parse(text) } == .malformedSecret)
    }

    @Test(arguments: [
        "\"pubkeys\"",
        "[\"sigflag\",[\"SIG_ALL\"]]",
        "[\"n_sigs\",2]",
        "[\"n_sigs\",true]",
        "[\"n_sigs\",null]",
        "[\"\"]",
        "[]",
    ])
    func wrongTagTypesAreRejected(_ tag: String) {
        let text = "[\"P2PK\",{\"nonce\":\"n\",\"data\":\"d\",\"tags\":[\(tag)]}]"
        #expect(SpendingFixtures.code { _ = try WellKnownSecret.parse(text) } == .invalidTag)
    }

    @Test func tagsMustBeAnArray() {
        let text = "[\"P2PK\",{\"nonce\":\"n\",\"data\":\"d\",\"tags\":{\"a\":\"b\"}}]"
        #expect(SpendingFixtures.code { _ = try WellKnownSecret.parse(text) } == .invalidTag)
    }

    @Test func nullTagsMeanNoTags() throws {
        let secret = try WellKnownSecret(parsing: "[\"X\",{\"nonce\":\"n\",\"data\":\"d\",\"tags\":null}]")
        #expect(secret.tags.isEmpty)
        #expect(secret.kind.rawValue == "X")
    }

    @Test func tooManyTagsAreRefused() {
        let tags = Array(repeating: "[\"t\",\"v\"]", count: WellKnownSecret.maxTags + 1).joined(separator: ",")
        let text = "[\"P2PK\",{\"nonce\":\"n\",\"data\":\"d\",\"tags\":[\(tags)]}]"
        #expect(SpendingFixtures.code { _ = try WellKnownSecret.parse(text) } == .limitExceeded)
    }

    @Test func tagLookupAndDuplicates() throws {
        let secret = try WellKnownSecret(
            parsing: "[\"P2PK\",{\"nonce\":\"n\",\"data\":\"d\",\"tags\":[[\"a\",\"1\"],[\"b\"],[\"a\",\"2\"]]}]")
        #expect(try secret.tag("b")?.values == [])
        #expect(try secret.tag("c") == nil)
        #expect(SpendingFixtures.code { _ = try secret.tag("a") } == .duplicateTag)
    }

    @Test func unknownKindsAreKept() throws {
        let secret = try WellKnownSecret(parsing: "[\"FUTURE\",{\"nonce\":\"n\",\"data\":\"d\"}]")
        #expect(secret.kind == WellKnownSecret.Kind(rawValue: "FUTURE"))
    }

    @Test func creationWritesCompactJSONWithAFreshNonce() throws {
        let a = WellKnownSecret.make(kind: .p2pk, data: "02ab", tags: [try SecretTag("sigflag", ["SIG_ALL"])])
        let b = WellKnownSecret.make(kind: .p2pk, data: "02ab")
        #expect(a.nonce.count == 64)
        #expect(a.nonce != b.nonce)
        #expect(
            a.rawValue
                == "[\"P2PK\",{\"nonce\":\"\(a.nonce)\",\"data\":\"02ab\",\"tags\":[[\"sigflag\",\"SIG_ALL\"]]}]")
        #expect(b.rawValue == "[\"P2PK\",{\"nonce\":\"\(b.nonce)\",\"data\":\"02ab\"}]")
        #expect(try WellKnownSecret(parsing: a.rawValue) == a)
    }

    @Test func creationEscapesStrings() throws {
        let odd = "q\"b\\s/n\n\u{01}é"
        let secret = WellKnownSecret.make(kind: .p2pk, nonce: "n", data: odd, tags: [try SecretTag("k", [odd])])
        #expect(secret.rawValue.contains("q\\\"b\\\\s/n\\n\\u0001é"))
        let reparsed = try WellKnownSecret(parsing: secret.rawValue)
        #expect(reparsed.data == odd)
        #expect(reparsed.tags[0].values == [odd])
    }

    @Test func emptyTagStringsCannotBeMade() {
        #expect(SpendingFixtures.code { _ = try SecretTag("") } == .invalidTag)
        #expect(SpendingFixtures.code { _ = try SecretTag("k", ["a", ""]) } == .invalidTag)
    }

    @Test func secretsPrintRedacted() throws {
        let secret = try WellKnownSecret(parsing: Self.example)
        #expect(!"\(secret)".contains("859d4935"))
    }
}
