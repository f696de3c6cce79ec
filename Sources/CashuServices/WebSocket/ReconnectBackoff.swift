// NUT-17 — WebSockets: exponential backoff with jitter between reconnection attempts.

/// Delays between reconnection attempts: `initial · multiplier^attempt`, capped at `maximum`, then spread by
/// ±`jitter` so that many wallets losing one mint do not all come back at the same instant.
package struct ReconnectBackoff: Sendable, Hashable {
    /// The delay before the first attempt.
    package var initial: Duration
    /// The largest delay.
    package var maximum: Duration
    /// The growth per attempt (at least 1).
    package var multiplier: Double
    /// The relative spread, 0 (none) to 1 (anywhere from 0 to twice the delay).
    package var jitter: Double

    /// Creates a backoff.
    /// - Parameters:
    ///   - initial: the first delay.
    ///   - maximum: the cap.
    ///   - multiplier: the growth per attempt.
    ///   - jitter: the relative spread (0...1).
    package init(
        initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30), multiplier: Double = 2,
        jitter: Double = 0.2
    ) {
        self.initial = max(initial, .zero)
        self.maximum = max(maximum, self.initial)
        self.multiplier = multiplier.isFinite ? max(multiplier, 1) : 2
        self.jitter = jitter.isFinite ? min(max(jitter, 0), 1) : 0
    }

    /// The delay before attempt `attempt` (0-based).
    /// - Parameters:
    ///   - attempt: how many attempts failed before this one.
    ///   - random: a number in 0...1 (tests pass fixed ones).
    /// - Returns: the delay, never negative, never above `maximum · (1 + jitter)`.
    package func delay(attempt: Int, random: Double = Double.random(in: 0...1)) -> Duration {
        let base = seconds(initial)
        let cap = seconds(maximum)
        // Growth stops at the cap (and after 64 steps, which reach any cap from any positive start), so large
        // attempt counts neither overflow nor loop long.
        var delay = base
        var step = 0
        while step < min(max(attempt, 0), 64) && delay < cap {
            delay *= multiplier
            step += 1
        }
        delay = min(delay, cap)
        let spread = delay * jitter * (2 * min(max(random, 0), 1) - 1)
        return .nanoseconds(Int64(max(delay + spread, 0) * 1e9))
    }

    private func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
