// CLI daemon: a notification said again only after a while (a mint that wants a login refuses every request).

import Synchronization

/// Lets the same key through once per `interval`.
final class NotificationThrottle: Sendable {
    private let interval: Duration
    private let clock = ContinuousClock()
    private let last = Mutex<[String: ContinuousClock.Instant]>([:])

    init(interval: Duration) {
        self.interval = interval
    }

    /// Whether `key` may be said now (and, if so, starts its quiet time).
    func allows(_ key: String) -> Bool {
        let now = clock.now
        return last.withLock { last in
            if let previous = last[key], previous.duration(to: now) < interval { return false }
            last[key] = now
            return true
        }
    }
}
