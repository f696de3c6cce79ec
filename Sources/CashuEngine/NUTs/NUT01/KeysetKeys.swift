// NUT-01 — Mint public keys: a keyset's amount→public key map, validated (decimal amounts, compressed points).

/// The public keys of one keyset, one per amount.
///
/// On the wire this is a JSON object whose keys are decimal amount strings and whose values are compressed point hex.
/// Amounts reach 2^63, so they are `UInt64`. Every key must be a valid 33-byte compressed point (NUT-01).
package struct KeysetKeys: Hashable, Sendable, Codable {
    /// The most keys a keyset may have; 64 power-of-two amounts is the norm.
    package static let maximumCount = 1024

    /// The public key for each amount.
    package let keys: [UInt64: Point]

    /// Wraps already-parsed keys.
    ///
    /// - Throws: ``KeysetError`` `.invalidKeyCount` for an empty or oversized keyset, `.invalidAmount` for amount 0.
    package init(_ keys: [UInt64: Point]) throws(KeysetError) {
        guard !keys.isEmpty, keys.count <= Self.maximumCount else {
            throw KeysetError(.invalidKeyCount, "a keyset has 1 to \(Self.maximumCount) keys, got \(keys.count)")
        }
        guard keys[0] == nil else { throw KeysetError(.invalidAmount, "a keyset cannot have a key for amount 0") }
        self.keys = keys
    }

    /// Parses the wire map of decimal amount strings to compressed point hex.
    ///
    /// - Throws: ``KeysetError`` `.invalidAmount` for a non-decimal, non-canonical, zero or overflowing amount;
    ///   `.invalidKey` for a key that is not a 33-byte compressed point; `.invalidKeyCount` for an empty keyset.
    package init(hexKeys: [String: String]) throws(KeysetError) {
        guard hexKeys.count <= Self.maximumCount else {
            throw KeysetError(.invalidKeyCount, "a keyset has at most \(Self.maximumCount) keys")
        }
        var parsed: [UInt64: Point] = [:]
        parsed.reserveCapacity(hexKeys.count)
        for (amountText, keyHex) in hexKeys {
            let amount = try Self.parseAmount(amountText)
            do {
                parsed[amount] = try Point(hex: keyHex)
            } catch {
                throw KeysetError(.invalidKey, "key for amount \(amount) is not a 33-byte compressed point")
            }
        }
        try self.init(parsed)
    }

    /// The amounts, ascending.
    package var amounts: [UInt64] { keys.keys.sorted() }

    /// The key for `amount`, if the keyset has one.
    package subscript(amount: UInt64) -> Point? { keys[amount] }

    /// The keys sorted by amount numerically, as keyset ids are derived (NUT-02).
    package var sortedByAmount: [(amount: UInt64, key: Point)] {
        keys.sorted { $0.key < $1.key }.map { (amount: $0.key, key: $0.value) }
    }

    /// Parses a canonical decimal amount: ASCII digits only, no sign, no leading zero, non-zero, fits `UInt64`.
    static func parseAmount(_ text: String) throws(KeysetError) -> UInt64 {
        let utf8 = text.utf8
        // Leading zeros would let "1" and "01" name the same amount twice.
        guard !utf8.isEmpty, utf8.count <= 20, utf8.first != UInt8(ascii: "0"),
            utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let amount = UInt64(text)
        else {
            throw KeysetError(.invalidAmount, "amount key is not a canonical non-zero decimal UInt64")
        }
        return amount
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let map = try container.decode([String: String].self)
        do {
            try self.init(hexKeys: map)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.reason)
        }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        var map: [String: String] = [:]
        for (amount, key) in keys { map[String(amount)] = key.hex }
        try container.encode(map)
    }
}
