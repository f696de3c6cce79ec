// Storage: what the two stores' SQL says differently, in the statements both share.

/// The SQL dialect of a store's connection. Shared statements are written with `?` placeholders (a PostgreSQL
/// connection numbers them) and ask the dialect only for what the two databases spell differently.
package enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// `column IN (?, ?, ...)` (SQLite) or `column = ANY(?)` with one list value (PostgreSQL), with its values.
    package func membership(_ column: String, _ values: [String]) -> (sql: String, values: [SQLValue]) {
        switch self {
        case .sqlite: return ("\(column) IN \(SQL.list(values.count))", values.map { .text($0) })
        case .postgres: return ("\(column) = ANY(?)", [.textList(values)])
        }
    }

    /// How many values one membership test takes: SQLite binds each one (a statement stays short), PostgreSQL binds
    /// one list, however long.
    package var membershipChunk: Int {
        switch self {
        case .sqlite: return 500
        case .postgres: return .max
        }
    }

    /// How many rows one `INSERT` writes: SQLite reuses one cached single-row statement, PostgreSQL saves round trips
    /// with rows of many (far below the protocol's 65,535 binds).
    package var insertBatch: Int {
        switch self {
        case .sqlite: return 1
        case .postgres: return 500
        }
    }

    /// A text column in byte order, which SQLite's default collation is and PostgreSQL's need not be.
    package func byteOrder(_ column: String) -> String {
        switch self {
        case .sqlite: return column
        case .postgres: return "\(column) COLLATE \"C\""
        }
    }

    /// `INDEXED BY index` where the planner must be told (SQLite), nothing where it picks well (PostgreSQL).
    package func indexedBy(_ index: String) -> String {
        switch self {
        case .sqlite: return " INDEXED BY \(index)"
        case .postgres: return ""
        }
    }
}

/// Small builders of statement text.
package enum SQL {
    /// `(?, ?, ...)` with `count` placeholders.
    package static func list(_ count: Int) -> String {
        "(" + repeatElement("?", count: count).joined(separator: ", ") + ")"
    }

    /// `(?, ...), (?, ...)`: `rows` rows of `columns` placeholders.
    package static func rows(_ rows: Int, of columns: Int) -> String {
        let row = list(columns)
        return repeatElement(row, count: rows).joined(separator: ", ")
    }

    /// `CASE WHEN condition THEN 1 ELSE 0 END` as a 64-bit integer in both databases.
    package static func flag(_ condition: String) -> String {
        "CASE WHEN \(condition) THEN CAST(1 AS BIGINT) ELSE CAST(0 AS BIGINT) END"
    }

    /// `statement` with its `?` placeholders numbered `$1, $2, ...` (PostgreSQL). Shared statements carry no `?` in
    /// a literal or an identifier.
    package static func numbered(_ statement: String) -> String {
        var result = ""
        result.reserveCapacity(statement.utf8.count + 16)
        var next = 1
        for character in statement {
            if character == "?" {
                result += "$\(next)"
                next += 1
            } else {
                result.append(character)
            }
        }
        return result
    }
}
