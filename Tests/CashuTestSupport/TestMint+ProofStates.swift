// Test support: which proofs a test mint has seen spent (or holds pending), read from its own database (NUT-07's
// answer without asking the mint, so a proxy's faults or a busy mint cannot blur it).

import Foundation

extension TestMint {
    /// The secrets among `secrets` that the mint recorded as spent (`proofs_used`) or pending (`proofs_pending`).
    /// Read with Python's sqlite3, while the mint runs.
    package func spentOrPendingSecrets(among secrets: [String]) async throws -> Set<String> {
        guard !secrets.isEmpty else { return [] }
        let candidates = ["database/mint.sqlite3", "mint/mint.sqlite3"].map { "\(directory)/\($0)" }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw StartFailure(description: "no mint database in \(directory)")
        }
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-secrets-\(UUID().uuidString)")
        try JSONSerialization.data(withJSONObject: secrets).write(to: list)
        defer { try? FileManager.default.removeItem(at: list) }
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True, timeout=10)
            wanted = json.load(open(sys.argv[2]))
            found = set()
            for table in ("proofs_used", "proofs_pending"):
                for start in range(0, len(wanted), 500):
                    chunk = wanted[start:start + 500]
                    marks = ",".join("?" * len(chunk))
                    rows = db.execute(f"SELECT secret FROM {table} WHERE secret IN ({marks})", chunk)
                    found.update(row[0] for row in rows)
            print(json.dumps(sorted(found)))
            """
        let outcome = try await ScriptRunner.run(
            "/usr/bin/python3", arguments: ["-c", script, path, list.path],
            environment: ["PATH": "/usr/bin:/bin"])
        guard outcome.status == 0, let data = outcome.standardOutput.data(using: .utf8),
            let found = try? JSONSerialization.jsonObject(with: data) as? [String]
        else {
            throw StartFailure(description: "reading the spent proofs failed: \(outcome.standardError)")
        }
        return Set(found)
    }
}
