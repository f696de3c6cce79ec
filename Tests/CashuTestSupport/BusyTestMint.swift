// Test support: a test's setup step retried when the test mint refused it only because its database was busy.

/// Nutshell on SQLite refuses a request when it waited too long for the write lock: "database is locked" from a plain
/// write, "failed to acquire database locks" from one that locks a quote or the pending proofs first. The test mint
/// waits 10 s (scripts/test-mint/run-mint.py), but a full parallel test run on 2 cores can still hit the steps that
/// fund a test's wallet. Those steps are retried; the behaviour under test never is.
package enum BusyTestMint {
    /// Whether `text` (an error or a command's stderr) is Nutshell's answer for a busy database.
    package static func isBusy(_ text: String) -> Bool {
        text.contains("database is locked") || text.contains("failed to acquire database locks")
    }

    /// Runs `body`, again after a pause (up to 3 times in all) while it fails with the busy-database refusal.
    package static func retrying<T>(_ body: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do { return try await body() } catch where attempt < 3 && isBusy(String(describing: error)) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(500))
            }
        }
    }
}
