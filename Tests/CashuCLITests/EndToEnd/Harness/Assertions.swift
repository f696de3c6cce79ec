// Test support: what every failing `cashu` run must look like — one line on stderr, the expected exit code, and
// with --json one error object on stdout.

import Foundation
import Testing

extension CLIOutcome {
    /// Checks a failure: exit `status`, exactly one stderr line starting `cashu: error:`, nothing else on stdout
    /// (or, with `--json`, one error object of `code`).
    func expectFailure(
        _ status: Int32,
        code: String? = nil,
        json: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.status == status, "\(self)", sourceLocation: sourceLocation)
        #expect(stderrLines.count == 1, "not one stderr line: \(self)", sourceLocation: sourceLocation)
        #expect(stderr.hasPrefix("cashu: error: "), "\(self)", sourceLocation: sourceLocation)
        #expect(!stderr.contains("Fatal error") && !stderr.contains("Stack"), sourceLocation: sourceLocation)
        if json {
            let error = self.json?["error"] as? [String: Any]
            #expect(error != nil, "no JSON error object: \(self)", sourceLocation: sourceLocation)
            #expect((error?["exit"] as? NSNumber)?.int32Value == status, sourceLocation: sourceLocation)
            if let code { #expect(error?["code"] as? String == code, "\(self)", sourceLocation: sourceLocation) }
        } else {
            #expect(stdout.isEmpty, "stdout not empty: \(self)", sourceLocation: sourceLocation)
        }
    }
}
