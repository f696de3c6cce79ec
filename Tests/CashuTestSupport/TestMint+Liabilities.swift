// Test support: what a test mint owes — the ecash it issued less the ecash redeemed — read from its own database.

import Foundation

extension TestMint {
    /// The mint's liabilities in its units' smallest amounts: Nutshell's `balance` view (signatures issued less
    /// proofs spent, per keyset), summed. Read with Python's sqlite3, while the mint runs.
    package func liabilities() async throws -> Int64 {
        let candidates = ["database/mint.sqlite3", "mint/mint.sqlite3"].map { "\(directory)/\($0)" }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw StartFailure(description: "no mint database in \(directory)")
        }
        let script = """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True, timeout=10)
            print(db.execute("SELECT COALESCE(SUM(balance), 0) FROM balance").fetchone()[0])
            """
        let outcome = try await ScriptRunner.run(
            "/usr/bin/python3", arguments: ["-c", script, path],
            environment: ["PATH": "/usr/bin:/bin"])
        let text = outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.status == 0, let value = Int64(text) else {
            throw StartFailure(description: "reading the liabilities failed: \(outcome.standardError)")
        }
        return value
    }
}
