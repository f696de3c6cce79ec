// NIP-17 — private direct messages: kind-14 rumors gift-wrapped (NIP-59) to each receiver and to the sender.

import CashuEngine

/// NIP-17 private direct messages and the kind-10050 list of relays a user reads them on.
package enum NIP17 {
    /// A chat message rumor.
    package static let chatMessageKind = 14
    /// The list of relays where a user receives direct messages (`relay` tags).
    package static let inboxRelayListKind = 10050

    /// A direct message from `sender` to `recipient`: one gift wrap for the recipient, then one for the sender's own
    /// copy (NIP-17 §Encrypting), each sealed and wrapped separately.
    ///
    /// - Parameters:
    ///   - content: The message, plain text.
    ///   - sender: The author.
    ///   - recipient: The receiver.
    ///   - relayHint: A relay where the recipient reads, added to the `p` tags.
    ///   - subject: A conversation title (`subject` tag).
    ///   - replyTo: The id of the message this answers (`e` tag).
    /// - Returns: The gift wraps, the recipient's first and the sender's last; publish each to its owner's inbox.
    /// - Throws: ``NostrError`` as ``NIP59/wrap(rumor:from:to:relayHint:ephemeral:)``.
    package static func directMessage(
        content: String, from sender: NostrKeyPair, to recipient: NostrPublicKey, relayHint: NostrRelayURL? = nil,
        subject: String? = nil, replyTo: String? = nil
    ) throws(NostrError) -> [NostrEvent] {
        try directMessage(
            content: content, from: sender, to: [recipient], relayHints: relayHint.map { [recipient: $0] } ?? [:],
            subject: subject, replyTo: replyTo)
    }

    /// A direct message to a chat room of several receivers: one gift wrap per receiver, in order, then the sender's.
    ///
    /// - Parameters:
    ///   - content: The message, plain text.
    ///   - sender: The author.
    ///   - recipients: The receivers (the room is these and the sender).
    ///   - relayHints: A relay per receiver, added to the `p` tags.
    ///   - subject: A conversation title (`subject` tag).
    ///   - replyTo: The id of the message this answers (`e` tag).
    /// - Returns: The gift wraps, the receivers' in order and the sender's last.
    /// - Throws: ``NostrError`` as ``NIP59/wrap(rumor:from:to:relayHint:ephemeral:)``.
    package static func directMessage(
        content: String, from sender: NostrKeyPair, to recipients: [NostrPublicKey],
        relayHints: [NostrPublicKey: NostrRelayURL] = [:], subject: String? = nil, replyTo: String? = nil
    ) throws(NostrError) -> [NostrEvent] {
        let rumor = chatMessage(
            content: content, from: sender.publicKey, to: recipients, relayHints: relayHints, subject: subject,
            replyTo: replyTo)
        var wraps: [NostrEvent] = []
        for recipient in recipients {
            wraps.append(try NIP59.wrap(rumor: rumor, from: sender, to: recipient, relayHint: relayHints[recipient]))
        }
        if !recipients.contains(sender.publicKey) {
            wraps.append(try NIP59.wrap(rumor: rumor, from: sender, to: sender.publicKey))
        }
        return wraps
    }

    /// The kind-14 rumor of a message, stamped now (NIP-17 §Chat Message).
    package static func chatMessage(
        content: String, from sender: NostrPublicKey, to recipients: [NostrPublicKey],
        relayHints: [NostrPublicKey: NostrRelayURL] = [:], subject: String? = nil, replyTo: String? = nil
    ) -> NostrEventDraft {
        var tags = recipients.map { recipient in
            ["p", recipient.hex] + (relayHints[recipient].map { [$0.string] } ?? [])
        }
        if let replyTo { tags.append(["e", replyTo]) }
        if let subject { tags.append(["subject", subject]) }
        return NostrEventDraft(
            pubkey: sender, createdAt: NostrClock.now(), kind: chatMessageKind, tags: tags, content: content)
    }

    /// Opens a gift-wrapped direct message.
    ///
    /// - Parameters:
    ///   - giftWrap: A kind-1059 event addressed to `recipient` (or the sender's own copy).
    ///   - recipient: The keys it was wrapped for.
    /// - Returns: The message, its sender authenticated.
    /// - Throws: ``NostrError`` as ``NIP59/unwrap(_:by:)``, and `.malformedEvent` for a rumor that is not kind 14.
    package static func open(
        _ giftWrap: NostrEvent, by recipient: NostrKeyPair
    ) throws(NostrError) -> NostrDirectMessage {
        try NostrDirectMessage(NIP59.unwrap(giftWrap, by: recipient))
    }

    /// The relays of a kind-10050 list (its `relay` tags that are valid relay URLs), in order.
    ///
    /// - Throws: ``NostrError`` `.malformedEvent` for an event of another kind.
    package static func inboxRelays(in event: NostrEvent) throws(NostrError) -> [NostrRelayURL] {
        guard event.kind == inboxRelayListKind else {
            throw NostrError(.malformedEvent, "a DM relay list is kind 10050, not \(event.kind)")
        }
        return event.tagValues("relay").compactMap { try? NostrRelayURL($0) }
    }

    /// A signed kind-10050 list of the relays `keys` reads direct messages on.
    ///
    /// - Throws: ``NostrError`` only if the keys cannot sign.
    package static func inboxRelayList(
        _ relays: [NostrRelayURL], by keys: NostrKeyPair
    ) throws(NostrError) -> NostrEvent {
        try NostrEventDraft(by: keys, kind: inboxRelayListKind, tags: relays.map { ["relay", $0.string] }, content: "")
            .signed(by: keys)
    }
}
