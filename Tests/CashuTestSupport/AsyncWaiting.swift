// Test support: waiting for a condition, or for a task within a limit, without asserting on timing.

/// Polls a condition, and bounds a task, for tests that wait on something asynchronous.
package enum AsyncWaiting {
    /// Whether `condition` became true within `limit` (checked every 20 ms, and once more at the end).
    package static func eventually(
        within limit: Duration = .seconds(120),
        _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }

    /// The task's value, or `nil` (and the task cancelled) when it takes longer than `limit`.
    package static func value<T: Sendable>(of task: Task<T, any Error>, within limit: Duration) async throws -> T? {
        let deadline = ContinuousClock.now.advanced(by: limit)
        let timer = Task {
            try? await Task.sleep(until: deadline)
            task.cancel()
        }
        defer { timer.cancel() }
        do { return try await task.value } catch where ContinuousClock.now >= deadline { return nil }
    }
}
