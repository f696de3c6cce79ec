// Storage: the compact binary form of a record's secret fields before they are sealed (no JSON on the hot path).

/// Appends fields: strings and byte strings with a 4-byte length, fixed-size values as they are, optionals behind a
/// presence byte.
struct SealedFieldsWriter {
    /// What was written, behind a format byte (1).
    private(set) var output: [UInt8] = [1]

    mutating func lengthPrefixed(_ value: [UInt8]) {
        withUnsafeBytes(of: UInt32(value.count).bigEndian) { output.append(contentsOf: $0) }
        output.append(contentsOf: value)
    }

    mutating func string(_ value: String) { lengthPrefixed(Array(value.utf8)) }

    mutating func fixed(_ value: [UInt8]) { output.append(contentsOf: value) }

    mutating func present(_ flag: Bool) { output.append(flag ? 1 : 0) }
}

/// Reads what ``SealedFieldsWriter`` wrote; anything short or malformed is `corrupt`.
struct SealedFieldsReader {
    private let input: [UInt8]
    private var offset = 1

    init(_ input: [UInt8]) throws(StorageError) {
        guard input.first == 1 else { throw Self.corrupt }
        self.input = input
    }

    static let corrupt = StorageError(.corrupt, "a sealed record's fields are malformed")

    mutating func lengthPrefixed() throws(StorageError) -> [UInt8] {
        let length = Int(try fixed(4).reduce(UInt32(0)) { ($0 << 8) | UInt32($1) })
        return try fixed(length)
    }

    mutating func string() throws(StorageError) -> String {
        let raw = try lengthPrefixed()
        guard let text = String(validating: raw, as: UTF8.self) else { throw Self.corrupt }
        return text
    }

    mutating func fixed(_ count: Int) throws(StorageError) -> [UInt8] {
        guard count >= 0, input.count - offset >= count else { throw Self.corrupt }
        defer { offset += count }
        return Array(input[offset..<(offset + count)])
    }

    mutating func present() throws(StorageError) -> Bool {
        switch try fixed(1)[0] {
        case 0: return false
        case 1: return true
        default: throw Self.corrupt
        }
    }

    /// Throws unless every byte was read.
    func finish() throws(StorageError) {
        guard offset == input.count else { throw Self.corrupt }
    }
}
