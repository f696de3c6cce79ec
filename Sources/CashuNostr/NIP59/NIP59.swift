// NIP-59 — gift wrap: a rumor (unsigned event) sealed by its author (kind 13), wrapped by a one-time key (kind 1059).

import CashuEngine

/// NIP-59 gift wraps, the envelope of NIP-17 direct messages.
///
/// A rumor is NIP-44-encrypted from its author to the recipient inside a kind-13 seal the author signs; the seal is
/// NIP-44-encrypted from a fresh random key to the recipient inside a kind-1059 gift wrap that key signs and that
/// carries the recipient's `p` tag. Both envelopes are dated up to two days in the past; the rumor keeps the real time.
package enum NIP59 {
    /// The seal's kind.
    package static let sealKind = 13
    /// The gift wrap's kind.
    package static let giftWrapKind = 1059
    /// The ephemeral gift wrap's kind: relays forward it but do not store it.
    package static let ephemeralGiftWrapKind = 21059
    /// How far into the past the seal's and the wrap's `created_at` are moved, at most: two days (NIP-59 §Other
    /// Considerations; NIP-17 §Encrypting). Each is drawn independently.
    package static let timestampJitter: Int64 = 2 * 24 * 60 * 60

    /// Seals `rumor` as `sender` and gift-wraps it for `recipient`.
    ///
    /// - Parameters:
    ///   - rumor: The event to send, unsigned; its `pubkey` must be the sender's.
    ///   - sender: The author, who signs the seal.
    ///   - recipient: Who can open the wrap (the sender's own key for a copy to keep).
    ///   - relayHint: A relay where the recipient reads, added as the third element of the wrap's `p` tag.
    ///   - ephemeral: Kind 21059 instead of 1059.
    /// - Returns: The signed gift wrap, ready to publish.
    /// - Throws: ``NostrError`` `.invalidKey` if the rumor's `pubkey` is not the sender's; `.invalidPlaintext` if the
    ///   rumor does not fit a NIP-44 payload.
    package static func wrap(
        rumor: NostrEventDraft, from sender: NostrKeyPair, to recipient: NostrPublicKey,
        relayHint: NostrRelayURL? = nil, ephemeral: Bool = false
    ) throws(NostrError) -> NostrEvent {
        guard rumor.pubkey == sender.publicKey else {
            throw NostrError(.invalidKey, "the rumor's author is not the sender")
        }
        let sealed = try NostrEventDraft(
            pubkey: sender.publicKey, createdAt: jitteredNow(), kind: sealKind,
            content: NIP44.encrypt(NIP59JSON.encode(rumor, id: rumor.id), from: sender, to: recipient)
        ).signed(by: sender)
        let wrapper = NostrKeyPair.random()
        var recipientTag = ["p", recipient.hex]
        if let relayHint { recipientTag.append(relayHint.string) }
        return try NostrEventDraft(
            pubkey: wrapper.publicKey, createdAt: jitteredNow(),
            kind: ephemeral ? ephemeralGiftWrapKind : giftWrapKind, tags: [recipientTag],
            content: NIP44.encrypt(NIP59JSON.encode(sealed), from: wrapper, to: recipient)
        ).signed(by: wrapper)
    }

    /// Opens a gift wrap addressed to `recipient`.
    ///
    /// Checks, in order: the wrap's kind and signature; the seal's kind and signature (after decrypting it); that
    /// the rumor's `pubkey` is the seal's signer, so no one can put words in another author's rumor; and, if the
    /// rumor states an id, that it is the rumor's hash.
    ///
    /// - Parameters:
    ///   - giftWrap: A kind-1059 or 21059 event.
    ///   - recipient: The keys the wrap was made for.
    /// - Returns: The rumor with the verified seal and wrap.
    /// - Throws: ``NostrError`` `.malformedEvent` for a wrong kind or JSON that is not an event;
    ///   `.invalidID`/`.invalidSignature` for a wrap or seal that does not verify, or a rumor whose author is not the
    ///   seal's signer (`.invalidSignature`) or whose id is wrong (`.invalidID`); `.decryptionFailed` or
    ///   `.unsupportedVersion` from NIP-44 (a wrap for someone else fails here).
    package static func unwrap(_ giftWrap: NostrEvent, by recipient: NostrKeyPair) throws(NostrError)
        -> UnwrappedRumor
    {
        guard giftWrap.kind == giftWrapKind || giftWrap.kind == ephemeralGiftWrapKind else {
            throw NostrError(.malformedEvent, "a gift wrap is kind 1059 or 21059, not \(giftWrap.kind)")
        }
        try giftWrap.verify()
        let seal = try NIP59JSON.decodeEvent(NIP44.decrypt(giftWrap.content, by: recipient, from: giftWrap.pubkey))
        guard seal.kind == sealKind else {
            throw NostrError(.malformedEvent, "a seal is kind 13, not \(seal.kind)")
        }
        try seal.verify()
        let rumorJSON = try NIP44.decrypt(seal.content, by: recipient, from: seal.pubkey)
        let (rumor, claimedID) = try NIP59JSON.decodeRumor(rumorJSON)
        guard rumor.pubkey == seal.pubkey else {
            throw NostrError(.invalidSignature, "the rumor's author is not the seal's signer")
        }
        if let claimedID, claimedID.lowercased() != rumor.id {
            throw NostrError(.invalidID, "the rumor's id is not the hash of the rumor")
        }
        return UnwrappedRumor(rumor: rumor, seal: seal, giftWrap: giftWrap)
    }

    /// Now, moved back by a random amount up to ``timestampJitter``.
    static func jitteredNow() -> Int64 {
        NostrClock.now() - Int64.random(in: 0...timestampJitter)
    }
}
