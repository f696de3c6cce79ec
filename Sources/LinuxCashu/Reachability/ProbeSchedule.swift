// Reachability: when to probe a mint next (pure: exponential backoff with jitter, capped; steady while reachable).

import CashuServices

/// The delay before a mint's next probe.
struct ProbeSchedule: Sendable {
    let configuration: ReachabilityConfiguration

    /// The wait after a probe.
    /// - Parameters:
    ///   - state: what the probe found.
    ///   - failures: consecutive failed probes, this one included (0 when it succeeded).
    ///   - random: a number in 0..<1 (injected for tests).
    func delay(after state: MintReachability, failures: Int, random: Double) -> Duration {
        let base: Duration
        if state.isReachable || failures <= 0 {
            base = configuration.reachableInterval
        } else {
            base = backoff(failures: failures)
        }
        return jittered(base, random: random)
    }

    /// initialBackoff × 2^(failures − 1), at most maximumBackoff.
    func backoff(failures: Int) -> Duration {
        let cap = configuration.maximumBackoff
        var wait = configuration.initialBackoff
        var doublings = max(failures - 1, 0)
        while doublings > 0 && wait < cap {
            wait *= 2
            doublings -= 1
        }
        return min(wait, cap)
    }

    /// `base` scaled by a factor in [1 − jitter, 1 + jitter).
    func jittered(_ base: Duration, random: Double) -> Duration {
        let unit = min(max(random, 0), 1)
        let factor = 1 + configuration.jitter * (2 * unit - 1)
        return base * factor
    }
}
