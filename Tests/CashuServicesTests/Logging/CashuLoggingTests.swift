// Tests of CashuLogging: the stderr handler it builds.

import Logging
import Testing

@testable import CashuServices

@Suite("CashuLogging")
struct CashuLoggingTests {
    @Test("The standard error handler redacts and has the level asked for")
    func handler() {
        let handler = CashuLogging.standardErrorHandler(label: "cashu", level: .info)
        #expect(handler.logLevel == .info)
    }
}
