// NIP-17 — private direct messages: one wrap per receiver plus the sender's copy, and the DM relay list.

import CashuEngine
import Testing

@testable import CashuNostr

@Suite("NIP-17 direct messages")
struct NIP17Tests {
    let alice = NostrKeyPair.random()
    let bob = NostrKeyPair.random()

    @Test("a message gives the recipient's wrap then the sender's copy, and both open to the same message")
    func directMessage() throws {
        let relay = try NostrRelayURL("wss://bob.example.com")
        let parent = String(repeating: "ab", count: 32)
        let wraps = try NIP17.directMessage(
            content: "¿Hola, que tal?", from: alice, to: bob.publicKey, relayHint: relay, subject: "plans",
            replyTo: parent)
        #expect(wraps.count == 2)
        #expect(wraps[0].tags == [["p", bob.publicKey.hex, relay.string]])
        #expect(wraps[1].tags == [["p", alice.publicKey.hex]])
        #expect(wraps[0].pubkey != wraps[1].pubkey)

        let received = try NIP17.open(wraps[0], by: bob)
        let kept = try NIP17.open(wraps[1], by: alice)
        #expect(received == kept)
        #expect(received.content == "¿Hola, que tal?")
        #expect(received.sender == alice.publicKey)
        #expect(received.recipients == [bob.publicKey])
        #expect(received.subject == "plans")
        #expect(received.replyTo == parent)
        #expect((NostrClock.now() - 5...NostrClock.now() + 5).contains(received.createdAt))
        #expect(throws: NostrError.self) { try NIP17.open(wraps[1], by: bob) }
    }

    @Test("a room of two receivers gets three wraps; writing to oneself gives one")
    func rooms() throws {
        let carol = NostrKeyPair.random()
        let wraps = try NIP17.directMessage(content: "all", from: alice, to: [bob.publicKey, carol.publicKey])
        #expect(wraps.map { $0.firstTagValue("p") } == [bob.publicKey.hex, carol.publicKey.hex, alice.publicKey.hex])
        #expect(try NIP17.open(wraps[1], by: carol).recipients == [bob.publicKey, carol.publicKey])
        #expect(try NIP17.directMessage(content: "note", from: alice, to: alice.publicKey).count == 1)
    }

    @Test("a wrapped rumor of another kind is not a chat message")
    func otherKind() throws {
        let note = NostrEventDraft(by: alice, kind: 1, content: "note")
        let wrap = try NIP59.wrap(rumor: note, from: alice, to: bob.publicKey)
        #expect { try NIP17.open(wrap, by: bob) } throws: { ($0 as? NostrError)?.code == .malformedEvent }
    }

    @Test("the kind-10050 relay list round-trips, dropping what is not a relay URL")
    func inboxRelays() throws {
        let relays = [try NostrRelayURL("wss://inbox.nostr.wine"), try NostrRelayURL("wss://myrelay.nostr1.com")]
        let list = try NIP17.inboxRelayList(relays, by: bob)
        try list.verify()
        #expect(list.kind == 10050)
        #expect(try NIP17.inboxRelays(in: list) == relays)
        let messy = try NostrEventDraft(
            by: bob, kind: 10050, tags: [["relay", "https://not.a.relay"], ["relay", relays[0].string], ["r", "x"]],
            content: ""
        ).signed(by: bob)
        #expect(try NIP17.inboxRelays(in: messy) == [relays[0]])
        let note = try NostrEventDraft(by: bob, kind: 1, content: "").signed(by: bob)
        #expect(throws: NostrError.self) { try NIP17.inboxRelays(in: note) }
    }
}
