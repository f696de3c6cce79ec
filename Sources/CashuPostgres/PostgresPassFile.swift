// Storage: libpq's password file (~/.pgpass): hostname:port:database:username:password lines, `*` a wildcard.

import Foundation

/// Finds a password in a libpq password file, by libpq's rules.
enum PostgresPassFile {
    /// The password of the first line matching the connection, or `nil`. A file others can read or write is
    /// ignored, as libpq ignores it.
    static func password(file: String, host: String, port: Int, database: String, user: String) -> String? {
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & 0o077 == 0,
            let text = try? String(contentsOfFile: file, encoding: .utf8)
        else { return nil }
        return password(text: text, host: host, port: port, database: database, user: user)
    }

    /// The password of the first line of `text` matching the connection.
    static func password(text: String, host: String, port: Int, database: String, user: String) -> String? {
        let wanted = [host, String(port), database, user]
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("#") { continue }
            let fields = split(line)
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// Splits a line at unescaped `:`; `\:` and `\\` stand for `:` and `\`.
    static func split(_ line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
