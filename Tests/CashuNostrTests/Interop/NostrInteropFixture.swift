// Interop — Vectors/nostr-interop.json, made by rust-nostr (PyPI nostr-sdk 0.45.1) with scripts/nostr-interop.

import CashuEngine
import Foundation

@testable import CashuNostr

/// What nostr-sdk made: signed events, a NIP-44 and a NIP-04 payload and a NIP-17 gift wrap, Alice to Bob.
struct NostrInteropFixture: Decodable {
    let alicePrivateKey: String
    let bobPrivateKey: String
    let plaintext: String
    let events: [NostrEvent]
    let nip44AliceToBob: String
    let nip04AliceToBob: String
    let nip17AliceToBob: NostrEvent
    let nip17Subject: String

    enum CodingKeys: String, CodingKey {
        case plaintext, events
        case alicePrivateKey = "alice_private_key"
        case bobPrivateKey = "bob_private_key"
        case nip44AliceToBob = "nip44_alice_to_bob"
        case nip04AliceToBob = "nip04_alice_to_bob"
        case nip17AliceToBob = "nip17_alice_to_bob"
        case nip17Subject = "nip17_subject"
    }

    static let file = NostrVectorFile.load("nostr-interop.json", as: NostrInteropFixture.self)

    var alice: NostrKeyPair { try! NostrKeyPair(privateKeyHex: alicePrivateKey) }
    var bob: NostrKeyPair { try! NostrKeyPair(privateKeyHex: bobPrivateKey) }
}
