// NIP-01 — event ids, signatures and their checks.

import CashuEngine
import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-01 events")
struct NostrEventTests {
    @Test("a signed event verifies, survives JSON, and any change to it is caught")
    func signAndVerify() throws {
        let keys = NostrKeyPair.random()
        let draft = NostrEventDraft(
            by: keys, kind: 1, tags: [["p", keys.publicKey.hex], ["t", "a\"b\\c\n"]], content: "héllo\t\u{1}/</")
        let event = try draft.signed(by: keys)
        try event.verify()
        let json = try JSONEncoder().encode(event)
        let decoded = try JSONDecoder().decode(NostrEvent.self, from: json)
        #expect(decoded == event)
        try decoded.verify()
        let tampered = NostrEvent(
            id: event.id, pubkey: event.pubkey, createdAt: event.createdAt, kind: event.kind, tags: event.tags,
            content: event.content + "!", sig: event.sig)
        #expect(throws: NostrError.self) { try tampered.verify() }
    }

    @Test("the serialization escapes only what NIP-01 names")
    func serialization() throws {
        let key = try NostrPublicKey(hex: "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        let draft = NostrEventDraft(
            pubkey: key, createdAt: 1, kind: 1, tags: [["e", "x"]], content: "a\"\\\n\r\t\u{8}\u{c}\u{1}/é")
        let text = String(decoding: draft.serialization, as: UTF8.self)
        #expect(text == "[0,\"\(key.hex)\",1,1,[[\"e\",\"x\"]],\"a\\\"\\\\\\n\\r\\t\\b\\f\\u0001/é\"]")
    }
}
