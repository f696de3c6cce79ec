// NIP-19, NIP-59, NIP-17 — Vectors/nostr-nip-examples.json: the worked examples of the NIPs themselves.

import CashuEngine
import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP examples")
struct NIPExampleVectorTests {
    struct File: Decodable {
        let cases: [Case]
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let id: String
        let group: String
        let npub: String?
        let publicKey: String?
        let nsec: String?
        let privateKey: String?
        let recipientNsec: String?
        let recipientPrivateKey: String?
        let senderPublicKey: String?
        let giftWrap: NostrEvent?
        let rumor: Rumor?

        struct Rumor: Decodable, Sendable {
            let id: String
            let kind: Int
            let createdAt: Int64
            let content: String

            enum CodingKeys: String, CodingKey {
                case id, kind, content
                case createdAt = "created_at"
            }
        }

        enum CodingKeys: String, CodingKey {
            case id, group, npub, nsec, rumor
            case publicKey = "public_key"
            case privateKey = "private_key"
            case recipientNsec = "recipient_nsec"
            case recipientPrivateKey = "recipient_private_key"
            case senderPublicKey = "sender_public_key"
            case giftWrap = "gift_wrap"
        }

        var testDescription: String { id }
    }

    static let cases = NostrVectorFile.load("nostr-nip-examples.json", as: File.self).cases

    @Test("Vectors/nostr-nip-examples.json", arguments: cases)
    func example(_ c: Case) throws {
        if let npub = c.npub, let hex = c.publicKey {
            let key = try NostrPublicKey(profile: try NostrProfile(nip19: npub))
            #expect(key.hex == hex)
            #expect(key.npub == npub)
        }
        if let nsec = c.nsec, let hex = c.privateKey {
            let keys = try NostrKeyPair(nsec: nsec)
            #expect(keys.privateKey.exposedSecretHex == hex)
            #expect(keys.exposedSecretNsec == nsec)
        }
        if let giftWrap = c.giftWrap, let expected = c.rumor, let sender = c.senderPublicKey {
            let recipient =
                try c.recipientNsec.map { try NostrKeyPair(nsec: $0) }
                ?? NostrKeyPair(privateKeyHex: try #require(c.recipientPrivateKey))
            let opened = try NIP59.unwrap(giftWrap, by: recipient)
            #expect(opened.sender.hex == sender)
            #expect(opened.id == expected.id)
            #expect(opened.rumor.kind == expected.kind)
            #expect(opened.rumor.createdAt == expected.createdAt)
            #expect(opened.rumor.content == expected.content)
            if expected.kind == NIP17.chatMessageKind {
                let message = try NIP17.open(giftWrap, by: recipient)
                #expect(message.content == expected.content)
                #expect(message.sender.hex == sender)
            }
            #expect(throws: NostrError.self) { try NIP59.unwrap(giftWrap, by: .random()) }
        }
    }
}
