// NIP-47 — Nostr Wallet Connect: the info event (kind 13194), one per connection, signed by its service key.

/// Builds a connection's info event.
package enum NWCInfoEvent {
    /// The info event of `connection`: content the methods it may use (space-separated, `notifications` last
    /// when it takes any), an `encryption` tag with `schemes` and a `notifications` tag with its notification types.
    ///
    /// - Parameters:
    ///   - connection: the connection; its service key signs.
    ///   - methods: the methods the service implements (the connection's are narrowed to these).
    ///   - schemes: the encryption schemes the service accepts, preferred first.
    ///   - createdAt: the event's timestamp.
    /// - Throws: ``NostrError`` when the event cannot be signed.
    package static func make(
        for connection: NWCConnection, methods: [NWCMethod], schemes: [NWCEncryption], createdAt: Int64
    ) throws(NostrError) -> NostrEvent {
        var capabilities = connection.methods.filter { methods.contains($0) }.map(\.rawValue)
        if !connection.notifications.isEmpty { capabilities.append("notifications") }
        var tags = [["encryption", schemes.map(\.rawValue).joined(separator: " ")]]
        if !connection.notifications.isEmpty {
            tags.append(["notifications", connection.notifications.map(\.rawValue).joined(separator: " ")])
        }
        let draft = NostrEventDraft(
            by: connection.serviceKeys, kind: NWCEventKind.info, tags: tags,
            content: capabilities.joined(separator: " "), createdAt: createdAt)
        return try draft.signed(by: connection.serviceKeys)
    }
}
