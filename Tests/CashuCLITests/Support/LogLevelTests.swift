// Tests of LogLevel: the CLI's log level from CASHU_LOG and --verbose.

import Logging
import Testing

@testable import CashuCLI

@Suite("LogLevel")
struct LogLevelTests {
    @Test(
        "The level is the more verbose of the default, --verbose and CASHU_LOG",
        arguments: [
            (false, nil, Logger.Level.warning),
            (true, nil, .debug),
            (false, "trace", .trace),
            (false, "INFO", .info),
            (true, "error", .debug),
            (true, " trace\n", .trace),
            (false, "", .warning),
        ] as [(Bool, String?, Logger.Level)]
    )
    func level(verbose: Bool, variable: String?, expected: Logger.Level) {
        let environment = variable.map { ["CASHU_LOG": $0] } ?? [:]
        let (level, invalid) = LogLevel.choose(verbose: verbose, environment: environment)
        #expect(level == expected)
        #expect(invalid == nil)
    }

    @Test("An unknown CASHU_LOG value is reported and ignored")
    func unknownLevel() {
        let (level, invalid) = LogLevel.choose(verbose: false, environment: ["CASHU_LOG": "loud"])
        #expect(level == .warning)
        #expect(invalid == "loud")
    }
}
