// CoreCashu — decoding a list from a mint where one unreadable entry must not make the whole answer unusable.

extension KeyedDecodingContainer {
    /// Decodes the array at `key`, dropping elements that fail to decode.
    ///
    /// Used for lists a wallet can use in part: a keyset with an id version from a newer spec, or with a malformed key,
    /// is left out rather than making every other keyset of the mint unreadable.
    ///
    /// - Returns: the decoded elements in order, and how many were dropped.
    /// - Throws: `DecodingError` when `key` is missing or is not an array.
    func decodeDroppingUnreadable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> (values: [T], dropped: Int) {
        var list = try nestedUnkeyedContainer(forKey: key)
        var values: [T] = []
        var dropped = 0
        while !list.isAtEnd {
            if let value = try? list.decode(T.self) {
                values.append(value)
            } else {
                // A failed decode does not advance the container; consume the element before going on.
                _ = try list.decode(SkippedElement.self)
                dropped += 1
            }
        }
        return (values, dropped)
    }
}

/// Any JSON value, read and thrown away.
private struct SkippedElement: Decodable {
    init(from decoder: Decoder) throws {}
}
