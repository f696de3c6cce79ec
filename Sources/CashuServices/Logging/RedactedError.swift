// Logging: an error as a log record may show it: its type name and its redacted description, nothing else.

/// Stands in for a logged error so the handler behind a ``RedactingLogHandler`` can only print a redacted text.
package struct RedactedError: Error, Sendable, CustomStringConvertible {
    /// The original error's type, e.g. `CoreCashu.WalletError`.
    package let typeName: String
    /// The original error's description, redacted.
    package let description: String

    /// Renders `error` once and redacts the text.
    package init(_ error: any Error, redactor: SecretRedactor = SecretRedactor()) {
        if let already = error as? RedactedError {
            self = already
            return
        }
        typeName = String(reflecting: type(of: error))
        description = redactor.redact(String(describing: error))
    }
}
