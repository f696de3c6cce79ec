// CLI: the log level — the more verbose of the default, `--verbose` and `CASHU_LOG`.

import Logging

/// The level the command line logs at: the more verbose of `warning` (the default), `debug` when `--verbose` is
/// given, and the level named by the `CASHU_LOG` environment variable (`trace`, `debug`, `info`, `notice`,
/// `warning`, `error`, `critical`, any case). An unknown `CASHU_LOG` value is ignored (and reported).
enum LogLevel {
    /// The environment variable naming the log level.
    static let environmentVariable = "CASHU_LOG"
    /// The level when nothing asks for another.
    static let defaultLevel = Logger.Level.warning
    /// The level `--verbose` asks for.
    static let verboseLevel = Logger.Level.debug

    /// The level to log at, and the `CASHU_LOG` value that was not a level (to warn about), if any.
    ///
    /// - Parameters:
    ///   - verbose: whether `--verbose` was given.
    ///   - environment: the process environment.
    static func choose(verbose: Bool, environment: [String: String]) -> (level: Logger.Level, invalid: String?) {
        var level = verbose ? verboseLevel : defaultLevel
        let named = environment[environmentVariable].map(trimmed) ?? ""
        guard !named.isEmpty else { return (level, nil) }
        guard let parsed = Logger.Level(rawValue: named.lowercased()) else { return (level, named) }
        level = min(level, parsed)
        return (level, nil)
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
