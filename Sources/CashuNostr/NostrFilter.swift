// NIP-01 — a subscription filter: which events a `REQ` asks a relay for.

/// A filter. Fields left `nil` match everything; an event matches when every field set matches.
package struct NostrFilter: Sendable, Hashable, Encodable {
    package var ids: [String]?
    package var authors: [NostrPublicKey]?
    package var kinds: [Int]?
    /// Single-letter tag filters: `["p": [hex]]` is written as `"#p": [hex]`.
    package var tags: [String: [String]]
    package var since: Int64?
    package var until: Int64?
    package var limit: Int?

    package init(
        ids: [String]? = nil, authors: [NostrPublicKey]? = nil, kinds: [Int]? = nil, tags: [String: [String]] = [:],
        since: Int64? = nil, until: Int64? = nil, limit: Int? = nil
    ) {
        self.ids = ids
        self.authors = authors
        self.kinds = kinds
        self.tags = tags
        self.since = since
        self.until = until
        self.limit = limit
    }

    /// Whether `event` matches (as a relay decides it).
    package func matches(_ event: NostrEvent) -> Bool {
        if let ids, !ids.contains(event.id) { return false }
        if let authors, !authors.contains(event.pubkey) { return false }
        if let kinds, !kinds.contains(event.kind) { return false }
        if let since, event.createdAt < since { return false }
        if let until, event.createdAt > until { return false }
        for (name, values) in tags where !event.tagValues(name).contains(where: values.contains) {
            return false
        }
        return true
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(ids, forKey: Key("ids"))
        try container.encodeIfPresent(authors, forKey: Key("authors"))
        try container.encodeIfPresent(kinds, forKey: Key("kinds"))
        for (name, values) in tags.sorted(by: { $0.key < $1.key }) {
            try container.encode(values, forKey: Key("#" + name))
        }
        try container.encodeIfPresent(since, forKey: Key("since"))
        try container.encodeIfPresent(until, forKey: Key("until"))
        try container.encodeIfPresent(limit, forKey: Key("limit"))
    }
}
