// CLI render: text that comes from a mint or a token (names, memos, messages) made safe to print on a terminal.

/// Strips what could drive the terminal (escape sequences, control characters) from untrusted text.
enum Untrusted {
    /// The text with control characters replaced by spaces, cut to `limit` characters.
    static func display(_ text: String, limit: Int = 200) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                        ? " " : scalar
                }
            )
        )
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "…" : cleaned
    }

    static func display(_ text: String?) -> String? { text.map { display($0) } }
}
