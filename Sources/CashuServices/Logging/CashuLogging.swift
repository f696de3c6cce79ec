// Logging: the command line's logging set-up — level from `CASHU_LOG` and `--verbose`, redacted records to stderr.

import Logging

/// How the `cashu` command line logs: every record redacted (mnemonics, tokens, secrets, keys, passwords in URLs), to
/// standard error.
///
/// The level is the more verbose of: `warning` (the default), `debug` when `--verbose` is given, and the level named
/// by the `CASHU_LOG` environment variable (`trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`,
/// any case). An unknown `CASHU_LOG` value is ignored (``level(verbose:environment:)`` reports it).
public enum CashuLogging {
    /// The label of the records logged about the logging set-up itself.
    package static let label = "cashu"

    /// The environment variable naming the log level.
    package static let environmentVariable = "CASHU_LOG"

    /// The level when nothing asks for another.
    package static let defaultLevel = Logger.Level.warning

    /// The level `--verbose` asks for.
    package static let verboseLevel = Logger.Level.debug

    /// The level to log at, and the `CASHU_LOG` value that was not a level (to warn about), if any.
    ///
    /// - Parameters:
    ///   - verbose: whether `--verbose` was given.
    ///   - environment: the process environment.
    public static func level(verbose: Bool, environment: [String: String]) -> (level: Logger.Level, invalid: String?) {
        var level = verbose ? verboseLevel : defaultLevel
        guard let named = environment[environmentVariable]?.trimmingSpaces, !named.isEmpty else {
            return (level, nil)
        }
        guard let parsed = Logger.Level(rawValue: named.lowercased()) else { return (level, named) }
        level = min(level, parsed)
        return (level, nil)
    }

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

    /// Sets up the process's logging system (call once, at start-up): redacted records to standard error.
    ///
    /// - Parameters:
    ///   - verbose: whether `--verbose` was given.
    ///   - environment: the process environment (for `CASHU_LOG`).
    /// - Returns: the level chosen.
    @discardableResult
    package static func bootstrap(verbose: Bool, environment: [String: String]) -> Logger.Level {
        let (level, invalid) = self.level(verbose: verbose, environment: environment)
        bootstrap(level: level)
        if let invalid {
            Logger(label: label).warning(
                "CASHU_LOG is not a log level; using the default",
                metadata: ["value": "\(invalid)", "level": "\(level)"]
            )
        }
        return level
    }

    /// Sets up the process's logging system at `level` (call once, at start-up).
    package static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in standardErrorHandler(label: label, level: level) }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
