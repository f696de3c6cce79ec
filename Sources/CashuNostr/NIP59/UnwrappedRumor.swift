// NIP-59 — what opening a gift wrap gives: the rumor, its author checked against the seal, and both envelopes.

/// A rumor taken out of its seal and gift wrap, by ``NIP59/unwrap(_:by:)``.
///
/// The gift wrap's and the seal's signatures have been verified, and the rumor's `pubkey` is the seal's signer, so
/// ``sender`` is authenticated; the rumor itself is unsigned (NIP-59's deniability).
package struct UnwrappedRumor: Sendable, Hashable {
    /// The unsigned inner event.
    package let rumor: NostrEventDraft
    /// The rumor's id: the hash of its NIP-01 serialization.
    package let id: String
    /// The kind-13 seal, signed by the sender.
    package let seal: NostrEvent
    /// The kind-1059 (or 21059) gift wrap, signed by a one-time key.
    package let giftWrap: NostrEvent

    /// The author: the seal's signer, which is the rumor's `pubkey`.
    package var sender: NostrPublicKey { seal.pubkey }

    /// An opened gift wrap (made by ``NIP59/unwrap(_:by:)``, which checks the parts agree).
    init(rumor: NostrEventDraft, seal: NostrEvent, giftWrap: NostrEvent) {
        self.rumor = rumor
        self.id = rumor.id
        self.seal = seal
        self.giftWrap = giftWrap
    }
}
