// NUT-10 — Spending conditions: one tag of a well-known secret, `["key", "value1", ...]`.

/// A tag of a well-known secret: a non-empty key followed by zero or more non-empty string values.
package struct SecretTag: Hashable, Sendable {
    /// The tag's key (its first element).
    package let key: String
    /// The values after the key.
    package let values: [String]

    /// Makes a tag from its key and values.
    ///
    /// - Throws: ``SpendingConditionError`` `.invalidTag` if the key or a value is empty (NUT-10 "Tag format").
    package init(_ key: String, _ values: [String] = []) throws(SpendingConditionError) {
        guard !key.isEmpty, values.allSatisfy({ !$0.isEmpty }) else {
            throw SpendingConditionError(.invalidTag, "tag strings must be non-empty")
        }
        self.key = key
        self.values = values
    }

    /// Validates a tag as parsed from JSON: an array of one or more non-empty strings (NUT-10 "Tag format").
    ///
    /// - Throws: ``SpendingConditionError`` `.invalidTag` for anything else.
    init(jsonElements: Any) throws(SpendingConditionError) {
        guard let array = jsonElements as? [Any] else {
            throw SpendingConditionError(.invalidTag, "a tag must be an array")
        }
        guard !array.isEmpty else {
            throw SpendingConditionError(.invalidTag, "a tag must contain at least one string")
        }
        var strings: [String] = []
        strings.reserveCapacity(array.count)
        for element in array {
            guard let s = Self.jsonString(element) else {
                throw SpendingConditionError(.invalidTag, "tag elements must be strings")
            }
            strings.append(s)
        }
        try self.init(strings[0], Array(strings.dropFirst()))
    }

    /// All elements, key first, as they are serialized.
    package var elements: [String] { [key] + values }

    /// A JSON string element; Foundation's parser gives numbers and booleans as `NSNumber`, never as `String`.
    static func jsonString(_ value: Any) -> String? {
        value as? String
    }
}
