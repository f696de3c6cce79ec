// NIP-59 — gift wraps: what a wrap looks like, and every forgery unwrap must refuse.

import CashuEngine
import Testing

@testable import CashuNostr

@Suite("NIP-59 gift wraps")
struct NIP59Tests {
    let alice = NostrKeyPair.random()
    let bob = NostrKeyPair.random()

    @Test("a wrap hides the sender behind a one-time key, tags only the recipient, and opens to the rumor")
    func roundTrip() throws {
        let rumor = NostrEventDraft(by: alice, kind: 14, tags: [["p", bob.publicKey.hex]], content: "hi \"bob\" 🌍\n")
        let relay = try NostrRelayURL("wss://inbox.example.com")
        let wrap = try NIP59.wrap(rumor: rumor, from: alice, to: bob.publicKey, relayHint: relay)
        try wrap.verify()
        #expect(wrap.kind == 1059)
        #expect(wrap.pubkey != alice.publicKey)
        #expect(wrap.tags == [["p", bob.publicKey.hex, relay.string]])
        let now = NostrClock.now()
        #expect((now - NIP59.timestampJitter - 5...now + 5).contains(wrap.createdAt))

        let opened = try NIP59.unwrap(wrap, by: bob)
        #expect(opened.rumor == rumor)
        #expect(opened.id == rumor.id)
        #expect(opened.sender == alice.publicKey)
        #expect(opened.seal.kind == 13)
        #expect(opened.seal.tags.isEmpty)
        #expect((now - NIP59.timestampJitter - 5...now + 5).contains(opened.seal.createdAt))
        #expect(opened.giftWrap == wrap)

        #expect(throws: NostrError.self) { try NIP59.unwrap(wrap, by: alice) }
        #expect(try NIP59.wrap(rumor: rumor, from: alice, to: bob.publicKey, ephemeral: true).kind == 21059)
    }

    @Test("a rumor whose author is not the sender is not wrapped")
    func wrongAuthor() {
        let rumor = NostrEventDraft(by: bob, kind: 14, content: "not mine")
        #expect(throws: NostrError(.invalidKey, "the rumor's author is not the sender")) {
            try NIP59.wrap(rumor: rumor, from: alice, to: bob.publicKey)
        }
    }

    @Test("a seal signed by one key around a rumor claiming another author is refused")
    func forgedAuthor() throws {
        let mallory = NostrKeyPair.random()
        let forged = NostrEventDraft(by: alice, kind: 14, content: "alice never said this")
        let wrap = try Self.handWrap(rumor: forged, sealedBy: mallory, to: bob.publicKey)
        #expect(throws: NostrError(.invalidSignature, "the rumor's author is not the seal's signer")) {
            try NIP59.unwrap(wrap, by: bob)
        }
    }

    @Test("a rumor with a wrong id, a seal of another kind or with a bad signature, a wrap of another kind: refused")
    func forgeries() throws {
        let rumor = NostrEventDraft(by: alice, kind: 14, content: "hello")
        let zeros = String(repeating: "0", count: 64)
        let wrongID = try Self.handWrap(rumor: rumor, sealedBy: alice, to: bob.publicKey, rumorID: zeros)
        #expect { try NIP59.unwrap(wrongID, by: bob) } throws: { ($0 as? NostrError)?.code == .invalidID }

        let wrongKind = try Self.handWrap(rumor: rumor, sealedBy: alice, to: bob.publicKey, sealKind: 1)
        #expect { try NIP59.unwrap(wrongKind, by: bob) } throws: { ($0 as? NostrError)?.code == .malformedEvent }

        let badSeal = try Self.handWrap(rumor: rumor, sealedBy: alice, to: bob.publicKey, breakSealSignature: true)
        #expect { try NIP59.unwrap(badSeal, by: bob) } throws: { ($0 as? NostrError)?.code == .invalidSignature }

        let wrap = try NIP59.wrap(rumor: rumor, from: alice, to: bob.publicKey)
        let notAWrap = NostrEvent(
            id: wrap.id, pubkey: wrap.pubkey, createdAt: wrap.createdAt, kind: 1, tags: wrap.tags,
            content: wrap.content, sig: wrap.sig)
        #expect { try NIP59.unwrap(notAWrap, by: bob) } throws: { ($0 as? NostrError)?.code == .malformedEvent }
        let tampered = NostrEvent(
            id: wrap.id, pubkey: wrap.pubkey, createdAt: wrap.createdAt + 1, kind: wrap.kind, tags: wrap.tags,
            content: wrap.content, sig: wrap.sig)
        #expect { try NIP59.unwrap(tampered, by: bob) } throws: { ($0 as? NostrError)?.code == .invalidID }
    }

    /// A gift wrap built by hand, so that its parts can disagree as an attacker would make them.
    static func handWrap(
        rumor: NostrEventDraft, sealedBy sealer: NostrKeyPair, to recipient: NostrPublicKey, rumorID: String? = nil,
        sealKind: Int = 13, breakSealSignature: Bool = false
    ) throws -> NostrEvent {
        let rumorJSON = NIP59JSON.encode(rumor, id: rumorID ?? rumor.id)
        var seal = try NostrEventDraft(
            pubkey: sealer.publicKey, createdAt: 1_700_000_000, kind: sealKind,
            content: NIP44.encrypt(rumorJSON, from: sealer, to: recipient)
        ).signed(by: sealer)
        if breakSealSignature {
            let other = try NostrEventDraft(
                pubkey: sealer.publicKey, createdAt: 1_700_000_001, kind: sealKind, content: seal.content
            ).signed(by: sealer)
            seal = NostrEvent(
                id: seal.id, pubkey: seal.pubkey, createdAt: seal.createdAt, kind: seal.kind, tags: seal.tags,
                content: seal.content, sig: other.sig)
        }
        let wrapper = NostrKeyPair.random()
        return try NostrEventDraft(
            pubkey: wrapper.publicKey, createdAt: 1_700_000_000, kind: 1059, tags: [["p", recipient.hex]],
            content: NIP44.encrypt(NIP59JSON.encode(seal), from: wrapper, to: recipient)
        ).signed(by: wrapper)
    }
}
