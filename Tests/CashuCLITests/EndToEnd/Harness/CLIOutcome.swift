// Test support: what one run of the `cashu` binary left — exit status, stdout, stderr.

import Foundation

/// The outcome of one `cashu` run.
struct CLIOutcome: CustomStringConvertible, Sendable {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)" }

    /// stdout parsed as one JSON object.
    var json: [String: Any]? {
        let trimmed = stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.contains("\n"), let data = trimmed.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// stderr's lines.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}
