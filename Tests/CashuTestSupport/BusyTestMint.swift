// Test support: a test's setup step retried when the test mint refused it only because its database was busy.

/// Nutshell on SQLite refuses a request with "database is locked" when it waited 5 s for the write lock; under a
/// full parallel test run that can hit the steps that fund a test's wallet. Those steps are retried; the behaviour
/// under test never is.
public enum BusyTestMint {
    /// Whether `text` (an error or a command's stderr) is Nutshell's answer for a busy database.
    public static func isBusy(_ text: String) -> Bool { text.contains("database is locked") }

    /// Runs `body`, again after a pause (up to 3 times in all) while it fails with the busy-database refusal.
    public static func retrying<T>(_ body: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do { return try await body() } catch where attempt < 3 && isBusy(String(describing: error)) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(500))
            }
        }
    }
}
