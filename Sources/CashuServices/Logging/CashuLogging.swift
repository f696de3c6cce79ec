// Logging: redacted records — to standard error, or through any handler.

import Logging

/// Logging with every record redacted (mnemonics, tokens, secrets, keys, passwords in URLs): to standard error, as
/// the `cashu` command line logs (at the level it chooses from `--verbose` and `CASHU_LOG`), or through any handler.
public enum CashuLogging {
    /// A redacting handler writing to standard error at `level`.
    public static func standardErrorHandler(label: String, level: Logger.Level) -> any LogHandler {
        var handler = RedactingLogHandler(wrapping: StreamLogHandler.standardError(label: label))
        handler.logLevel = level
        return handler
    }

    /// `handler` behind the library's redaction: a service logging somewhere else (the journal, a file) keeps
    /// secrets out of its records the way the command line does.
    public static func redacting(_ handler: any LogHandler) -> any LogHandler {
        RedactingLogHandler(wrapping: handler)
    }

    /// Whether `text` holds what the redaction would remove (a token, a mnemonic, a long hex secret, an auth token):
    /// the command line clears such arguments from its process's memory.
    public static func containsSecret(_ text: String) -> Bool {
        SecretRedactor().containsSecret(text)
    }

    /// Sets up the process's logging system at `level` (call once, at start-up).
    package static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in standardErrorHandler(label: label, level: level) }
    }
}
