// NIP-17 — a private direct message (kind-14 chat message rumor) as a client shows it.

/// A kind-14 chat message taken out of its gift wrap by ``NIP17/open(_:by:)``.
package struct NostrDirectMessage: Sendable, Hashable {
    /// The rumor's id (what a reply's `e` tag names).
    package let id: String
    /// The author, authenticated by the seal's signature.
    package let sender: NostrPublicKey
    /// The receivers named by the rumor's `p` tags (the chat room is these and ``sender``).
    package let recipients: [NostrPublicKey]
    /// The message, plain text.
    package let content: String
    /// When it was written: the rumor's `created_at`, the only real timestamp of the three layers.
    package let createdAt: Int64
    /// The conversation's title, if the message sets one (`subject` tag).
    package let subject: String?
    /// The message this one replies to (`e` tag), if any.
    package let replyTo: String?

    /// The message in an opened gift wrap.
    ///
    /// - Throws: ``NostrError`` `.malformedEvent` unless the rumor is kind 14.
    package init(_ unwrapped: UnwrappedRumor) throws(NostrError) {
        let rumor = unwrapped.rumor
        guard rumor.kind == NIP17.chatMessageKind else {
            throw NostrError(.malformedEvent, "a NIP-17 chat message is kind 14, not \(rumor.kind)")
        }
        func values(_ name: String) -> [String] {
            rumor.tags.compactMap { $0.count >= 2 && $0[0] == name ? $0[1] : nil }
        }
        id = unwrapped.id
        sender = unwrapped.sender
        recipients = values("p").compactMap { try? NostrPublicKey(hex: $0) }
        content = rumor.content
        createdAt = rumor.createdAt
        subject = values("subject").first
        replyTo = values("e").first
    }
}
