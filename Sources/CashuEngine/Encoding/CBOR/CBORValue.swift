// CoreCashu — the CBOR data model (RFC 8949) as tokens V4 (NUT-00) and payment requests (NUT-18) use it.

/// One decoded CBOR data item. Tags are skipped by the decoder, so none appear here.
package enum CBORValue: Hashable, Sendable {
    case unsigned(UInt64)
    /// A negative integer `-1 - n`.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    /// A map with its entries in wire order (maps in Cashu are small; order matters for byte-exact encoding).
    case map([CBORMapEntry])
    case bool(Bool)
    case null
    /// CBOR `undefined` (0xf7); Cashu readers treat it as an absent value (NUT-18).
    case undefined
    case float(Double)

    /// The value for text key `key` of a map (first match), or `nil`. `undefined` counts as absent.
    package subscript(key: String) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        for entry in entries {
            if case .text(let k) = entry.key, k == key {
                if case .undefined = entry.value { return nil }
                return entry.value
            }
        }
        return nil
    }

    /// The text, if this is a text string.
    package var textValue: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// The bytes, if this is a byte string.
    package var bytesValue: [UInt8]? {
        if case .bytes(let b) = self { return b }
        return nil
    }

    /// The value, if this is a non-negative integer.
    package var unsignedValue: UInt64? {
        if case .unsigned(let u) = self { return u }
        return nil
    }

    /// The items, if this is an array.
    package var arrayValue: [CBORValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The entries, if this is a map.
    package var mapValue: [CBORMapEntry]? {
        if case .map(let m) = self { return m }
        return nil
    }

    /// The flag, if this is a boolean.
    package var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// Whether this is `null` or `undefined`.
    package var isAbsent: Bool {
        switch self {
        case .null, .undefined: return true
        default: return false
        }
    }
}

/// One key/value pair of a CBOR map.
package struct CBORMapEntry: Hashable, Sendable {
    package var key: CBORValue
    package var value: CBORValue

    package init(_ key: CBORValue, _ value: CBORValue) {
        self.key = key
        self.value = value
    }

    /// An entry with a text key.
    package init(_ key: String, _ value: CBORValue) {
        self.key = .text(key)
        self.value = value
    }
}
