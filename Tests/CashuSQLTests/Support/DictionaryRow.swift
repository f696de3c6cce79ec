// Test support: a row held in a dictionary, built from a record's own columns and values (no database).

import CashuSQL

/// A row whose cells are ``SQLValue``s by column name; a missing column or another type throws, as drivers do.
struct DictionaryRow: SQLRow {
    var cells: [String: SQLValue]

    struct Unreadable: Error {}

    /// The row a record writes: its column list zipped with its values.
    init(columns: String, values: [SQLValue]) {
        let names = columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        cells = Dictionary(uniqueKeysWithValues: zip(names, values))
    }

    init(_ cells: [String: SQLValue]) { self.cells = cells }

    private func cell(_ column: String) throws -> SQLValue {
        guard let value = cells[column] else { throw Unreadable() }
        return value
    }

    func text(_ column: String) throws -> String? {
        guard case .text(let text) = try cell(column) else { throw Unreadable() }
        return text
    }

    func bytes(_ column: String) throws -> [UInt8]? {
        guard case .bytes(let bytes) = try cell(column) else { throw Unreadable() }
        return bytes
    }

    func integer(_ column: String) throws -> Int64? {
        guard case .integer(let integer) = try cell(column) else { throw Unreadable() }
        return integer
    }

    func real(_ column: String) throws -> Double? {
        guard case .real(let real) = try cell(column) else { throw Unreadable() }
        return real
    }

    func boolean(_ column: String) throws -> Bool? {
        guard case .boolean(let bool) = try cell(column) else { throw Unreadable() }
        return bool
    }
}
