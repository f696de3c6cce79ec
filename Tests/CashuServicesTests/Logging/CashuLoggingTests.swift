// Tests of CashuLogging: the level from CASHU_LOG and --verbose, and the stderr handler it builds.

import Logging
import Testing

@testable import CashuServices

@Suite("CashuLogging")
struct CashuLoggingTests {
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
        let (level, invalid) = CashuLogging.level(verbose: verbose, environment: environment)
        #expect(level == expected)
        #expect(invalid == nil)
    }

    @Test("An unknown CASHU_LOG value is reported and ignored")
    func unknownLevel() {
        let (level, invalid) = CashuLogging.level(verbose: false, environment: ["CASHU_LOG": "loud"])
        #expect(level == .warning)
        #expect(invalid == "loud")
    }

    @Test("The standard error handler redacts and has the level asked for")
    func handler() {
        let handler = CashuLogging.standardErrorHandler(label: "cashu", level: .info)
        #expect(handler.logLevel == .info)
    }
}
