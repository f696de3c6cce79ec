// Mint client: pacing the requests to a mint that has been limiting them (HTTP 429), shared by a connector's copies.

import CashuEngine

/// Spaces the requests to one mint once it has refused one for its rate limit, so that a burst of operations waits
/// its turn instead of hammering the mint into more refusals.
///
/// Until the first refusal nothing is paced. A refusal holds every request to the mint until the mint's
/// `Retry-After`, or, when it gives none, for a whole `window` plus jitter: mints count requests per minute, and
/// Nutshell's limiter (fixed window, elastic expiry) restarts its minute on every request it refuses, so only a quiet
/// minute gets through. After the hold, requests go out `initialSpacing` apart (20 a minute, Nutshell's default
/// transaction limit); a refusal after that doubles the spacing (at most `window`). Pacing ends `calmPeriod`
/// after the latest refusal.
package final class MintRequestPacer: Sendable {
    /// How long a refusal without `Retry-After` holds the mint's requests (plus up to ``windowJitter``).
    static let window = Duration.seconds(60)
    /// The most added to ``window``, so that processes refused together do not come back together.
    static let windowJitter = Duration.seconds(10)
    /// The spacing after a first refusal.
    static let initialSpacing = Duration.seconds(3)
    /// How long pacing lasts after the hold of the latest refusal.
    static let calmPeriod = Duration.seconds(120)
    /// Refusals closer together than this are one burst (they double the spacing once).
    static let burst = Duration.seconds(1)

    private struct State {
        var spacing: Duration = .zero
        var nextSlot: ContinuousClock.Instant?
        var pacedUntil: ContinuousClock.Instant?
        var lastRefusal: ContinuousClock.Instant?
    }

    private let state = Locked(State())

    /// Creates a pacer that paces nothing yet.
    package init() {}

    /// Reserves the next slot to send in and says how long to wait for it (zero when not pacing).
    func reserve(now: ContinuousClock.Instant) -> Duration {
        state.withLock { state in
            guard let until = state.pacedUntil, now < until, let next = state.nextSlot else {
                state = State()
                return .zero
            }
            let slot = max(now, next)
            state.nextSlot = slot + state.spacing
            return slot - now
        }
    }

    /// Records a refusal for the rate limit; returns how long until the next request to the mint may go.
    /// - Parameters:
    ///   - retryAfter: the mint's `Retry-After`, when it gave one.
    ///   - jitter: a value in `0..<1` spreading a hold without `Retry-After` over ``window`` + 0…``windowJitter``.
    func limited(now: ContinuousClock.Instant, retryAfter: Duration?, jitter: Double) -> Duration {
        state.withLock { state in
            let sameBurst = state.lastRefusal.map { now - $0 < Self.burst } ?? false
            if !sameBurst {
                state.spacing = state.spacing == .zero ? Self.initialSpacing : min(state.spacing * 2, Self.window)
            }
            state.lastRefusal = now
            let hold = retryAfter ?? Self.window + Self.windowJitter * min(max(jitter, 0), 1)
            let next = max(state.nextSlot ?? now, now + hold)
            state.nextSlot = next
            state.pacedUntil = max(state.pacedUntil ?? now, next + Self.calmPeriod)
            return next - now
        }
    }

    /// Whether requests are being paced now.
    package var isPacing: Bool {
        state.withLock { state in state.pacedUntil.map { ContinuousClock.now < $0 } ?? false }
    }
}
