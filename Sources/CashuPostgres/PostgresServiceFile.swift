// Storage: libpq's connection service file (pg_service.conf): named sections of keyword=value lines.

import Foundation

/// Reads one service's keywords from a libpq service file.
enum PostgresServiceFile {
    /// The `keyword=value` lines of `[service]` in `file`; empty when the file or the section is missing.
    static func settings(service: String, file: String) -> [String: String] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [:] }
        return settings(service: service, text: text)
    }

    /// The `keyword=value` lines of `[service]` in `text` (`#` starts a comment line).
    static func settings(service: String, text: String) -> [String: String] {
        var inSection = false
        var settings: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                inSection = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces) == service
                continue
            }
            guard inSection, let equals = line.firstIndex(of: "=") else { continue }
            let keyword = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            settings[keyword] = value
        }
        return settings
    }
}
