// Storage: PostgreSQL and connection failures as StorageError codes, free of the statement's values.

import CashuEngine
import PostgresNIO

extension StorageError {
    /// Maps an error of a statement (or of getting a connection) to a `StorageError`.
    ///
    /// The SQLSTATE decides the code: unique violations are `conflict`, a full disk `diskFull`, serialization and
    /// deadlock failures and lock timeouts `busy`, numeric overflow `overflow`, lost connections `unavailable`. The
    /// underlying error is dropped: its description carries the statement's bound values, which can be secrets.
    init(postgres error: any Error, during operation: String) {
        if let error = error as? StorageError {
            self = error
            return
        }
        guard let error = error as? PSQLError else {
            self.init(.unavailable, "\(operation): the database cannot be reached (\(type(of: error)))")
            return
        }
        if error.code != .server {
            // The underlying error names an address, a TLS or socket failure: nothing of a statement's values.
            let cause = error.underlying.map { ": \(String(describing: $0).prefix(200))" } ?? ""
            self.init(.unavailable, "\(operation): the database connection failed (\(error.code)\(cause))")
            return
        }
        let state = error.serverInfo?[.sqlState] ?? ""
        let message = error.serverInfo?[.message] ?? ""
        let code: Code
        switch state {
        case "23505": code = .conflict
        case "53100": code = .diskFull
        case "40001", "40P01", "55P03", "57014": code = .busy
        case "22003": code = .overflow
        case "25006": code = .readOnly
        default:
            // 08: connection; 57P: shutdown; 28: login; 3D000: no such database; 53300: too many connections.
            if state.hasPrefix("08") || state.hasPrefix("57P") || state.hasPrefix("28") || state == "3D000"
                || state == "53300"
            {
                code = .unavailable
            } else {
                code = .database
            }
        }
        // The server's message names constraints and tables, not values (those are in its DETAIL, left out).
        self.init(code, "\(operation): PostgreSQL \(state): \(message)")
    }
}
