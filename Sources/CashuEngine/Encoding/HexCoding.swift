// CoreCashu — the one Codable path for values NUT JSON carries as hex strings (points, scalars, keyset ids).

/// Decodes and encodes a value as a single hex string, turning a parse failure into a `DecodingError`.
enum HexCoding {
    /// Reads a string from `decoder` and parses it with `parse`; its error's description becomes the
    /// `DecodingError.dataCorrupted` message (parse errors never contain the input).
    static func decode<T>(from decoder: Decoder, _ parse: (String) throws -> T) throws -> T {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            return try parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    /// Writes `hex` as a single string.
    static func encode(_ hex: String, to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
