// Storage: reading columns back into Swift values; anything unreadable is `corrupt`, never a crash.

import CashuEngine
import Foundation

/// Reads the columns of one row of `table` (formats in ``SQLValue``).
///
/// The row is an existential, not a generic parameter: this module's mapping code is called from the store modules,
/// where a generic row type would leave every column read unspecialized (generic metadata looked up per call, a
/// measured 8-10 % of reading proofs); over `any SQLRow` the reads are specialized here, at the cost of one witness
/// call per column.
package struct SQLRowReader {
    package let row: any SQLRow
    package let table: String

    package init(_ row: any SQLRow, table: String) {
        self.row = row
        self.table = table
    }

    private func corrupt(_ column: String) -> StorageError {
        // No underlying error: drivers' decoding errors can print the row's values, which can be secrets.
        StorageError(.corrupt, "\(table).\(column) is unreadable")
    }

    private func nullable<T>(_ column: String, _ read: (any SQLRow, String) throws -> T?) throws(StorageError) -> T? {
        do { return try read(row, column) } catch { throw corrupt(column) }
    }

    private func required<T>(_ column: String, _ read: (any SQLRow, String) throws -> T?) throws(StorageError) -> T {
        guard let value = try nullable(column, read) else { throw corrupt(column) }
        return value
    }

    package func text(_ column: String) throws(StorageError) -> String { try required(column) { try $0.text($1) } }
    package func optionalText(_ column: String) throws(StorageError) -> String? {
        try nullable(column) { try $0.text($1) }
    }
    package func bytes(_ column: String) throws(StorageError) -> [UInt8] { try required(column) { try $0.bytes($1) } }
    package func optionalBytes(_ column: String) throws(StorageError) -> [UInt8]? {
        try nullable(column) { try $0.bytes($1) }
    }
    package func uint64(_ column: String) throws(StorageError) -> UInt64 {
        UInt64(bitPattern: try required(column) { try $0.integer($1) })
    }
    package func optionalUInt64(_ column: String) throws(StorageError) -> UInt64? {
        try nullable(column) { try $0.integer($1) }.map { UInt64(bitPattern: $0) }
    }
    package func int(_ column: String) throws(StorageError) -> Int {
        let value = try required(column) { try $0.integer($1) }
        guard let int = Int(exactly: value) else { throw corrupt(column) }
        return int
    }
    package func bool(_ column: String) throws(StorageError) -> Bool { try required(column) { try $0.boolean($1) } }
    package func date(_ column: String) throws(StorageError) -> Date {
        Date(timeIntervalSinceReferenceDate: try required(column) { try $0.real($1) })
    }
    package func optionalDate(_ column: String) throws(StorageError) -> Date? {
        try nullable(column) { try $0.real($1) }.map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    /// A text column parsed by `parse`; a parse failure is `corrupt`.
    package func parsed<T>(_ column: String, _ parse: (String) throws -> T?) throws(StorageError) -> T {
        let text = try text(column)
        guard let value = try? parse(text) else { throw corrupt(column) }
        return value
    }

    /// A nullable text column parsed by `parse`.
    package func optionalParsed<T>(_ column: String, _ parse: (String) throws -> T?) throws(StorageError) -> T? {
        guard let text = try optionalText(column) else { return nil }
        guard let value = try? parse(text) else { throw corrupt(column) }
        return value
    }

    /// A JSON text column.
    package func json<T: Decodable>(_ type: T.Type, _ column: String) throws(StorageError) -> T? {
        try optionalParsed(column) { try JSONDecoder().decode(type, from: Data($0.utf8)) }
    }

    /// The mint URL column `mint_url`.
    package func mintURL(_ memo: MintURLMemo? = nil) throws(StorageError) -> MintURL {
        try parsed("mint_url") { text in try memo.map { try $0.url(text) } ?? MintURL(text) }
    }
}
