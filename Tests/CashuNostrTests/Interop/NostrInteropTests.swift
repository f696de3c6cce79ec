// Interop — what rust-nostr made (Vectors/nostr-interop.json) our code verifies and opens.

import CashuEngine
import Foundation
import Testing

@testable import CashuNostr

@Suite("Interop with rust-nostr (nostr-sdk 0.45.1)")
struct NostrInteropTests {
    enum Case: Sendable, CustomTestStringConvertible {
        case event(Int)
        case nip44
        case nip04
        case nip17

        var testDescription: String {
            switch self {
            case .event(let index): "event[\(index)] verifies and its id is recomputed"
            case .nip44: "NIP-44 payload decrypts"
            case .nip04: "NIP-04 payload decrypts"
            case .nip17: "NIP-17 gift wrap opens"
            }
        }

        static let all: [Case] = NostrInteropFixture.file.events.indices.map { .event($0) } + [.nip44, .nip04, .nip17]
    }

    @Test("Vectors/nostr-interop.json", arguments: Case.all)
    func interop(_ c: Case) throws {
        let fixture = NostrInteropFixture.file
        let alice = fixture.alice
        let bob = fixture.bob
        switch c {
        case .event(let index):
            let event = fixture.events[index]
            try event.verify()
            #expect(event.pubkey == alice.publicKey)
            let draft = NostrEventDraft(
                pubkey: event.pubkey, createdAt: event.createdAt, kind: event.kind, tags: event.tags,
                content: event.content)
            #expect(draft.id == event.id)
        case .nip44:
            #expect(try NIP44.decrypt(fixture.nip44AliceToBob, by: bob, from: alice.publicKey) == fixture.plaintext)
            #expect(try NIP44.decrypt(fixture.nip44AliceToBob, by: alice, from: bob.publicKey) == fixture.plaintext)
        case .nip04:
            #expect(try NIP04.decrypt(fixture.nip04AliceToBob, by: bob, from: alice.publicKey) == fixture.plaintext)
        case .nip17:
            let message = try NIP17.open(fixture.nip17AliceToBob, by: bob)
            #expect(message.content == fixture.plaintext)
            #expect(message.sender == alice.publicKey)
            #expect(message.recipients == [bob.publicKey])
            #expect(message.subject == fixture.nip17Subject)
            #expect(throws: NostrError.self) { try NIP17.open(fixture.nip17AliceToBob, by: alice) }
        }
    }
}
