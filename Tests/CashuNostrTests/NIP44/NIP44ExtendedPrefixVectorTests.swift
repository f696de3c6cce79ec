// NIP-44 — Vectors/nostr-nip44-extended.json: 44.md's table for the boundary between the 2- and 6-byte prefixes.

import CashuEngine
import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-44 v2 extended length prefix vectors")
struct NIP44ExtendedPrefixVectorTests {
    struct File: Decodable {
        let conversationKey: String
        let nonce: String
        let cases: [Case]

        enum CodingKeys: String, CodingKey {
            case nonce, cases
            case conversationKey = "conversation_key"
        }
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let plaintextLength: Int
        let prefixLength: Int
        let paddedLength: Int
        let plaintextSHA256: String
        let payloadSHA256: String

        enum CodingKeys: String, CodingKey {
            case plaintextLength = "plaintext_length"
            case prefixLength = "prefix_length"
            case paddedLength = "padded_length"
            case plaintextSHA256 = "plaintext_sha256"
            case payloadSHA256 = "payload_sha256"
        }

        var testDescription: String { "\(plaintextLength) bytes" }
    }

    static let file = NostrVectorFile.load("nostr-nip44-extended.json", as: File.self)

    @Test("Vectors/nostr-nip44-extended.json", arguments: file.cases)
    func vector(_ c: Case) throws {
        let plaintext = String(repeating: "a", count: c.plaintextLength)
        #expect(VectorBytes.sha256(Array(plaintext.utf8)) == c.plaintextSHA256)
        let padded = try NIP44Padding.pad(Array(plaintext.utf8))
        #expect(NIP44Padding.prefixLength(c.plaintextLength) == c.prefixLength)
        #expect(padded.count == c.prefixLength + c.paddedLength)
        let key = SecureBytes(VectorBytes.hex(Self.file.conversationKey))
        let payload = try NIP44.encrypt(plaintext, conversationKey: key, nonce: VectorBytes.hex(Self.file.nonce))
        #expect(VectorBytes.sha256(Array(payload.utf8)) == c.payloadSHA256)
        #expect(try NIP44.decrypt(payload, conversationKey: key) == plaintext)
    }
}
