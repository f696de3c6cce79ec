// Mint client: when a failed request is sent again — NUT-19 replays of cached POSTs, one retry of a GET.

import CashuEngine
import Foundation

/// Decides, after a failed attempt, whether the HTTP connector sends the request again and after how long.
///
/// - A `POST` to an endpoint the mint lists under NUT-19 `cached_endpoints` is replayed with the identical bytes
///   after a failure that leaves the outcome unknown (``MintClientError/isReplayable``), up to
///   ``maximumReplays`` times and only while ``CachedResponseSettings/canReplay(sentAt:now:)`` holds. Once
///   replaying, a replay that cannot connect does not end the series.
/// - A `GET` is retried once after a `transport` failure (typically a pooled connection the server had closed).
/// - Any other `POST` is never retried: the wallet's recovery decides what happened.
struct MintRetryPolicy: Sendable {
    /// What to do after a failed attempt.
    enum Decision: Equatable, Sendable {
        /// Give up and report the failure.
        case stop
        /// Send the same request again after `delay`.
        case retry(after: Duration)
    }

    /// The most NUT-19 replays after the first attempt.
    static let maximumReplays = 3
    /// The first replay's nominal delay; each later one doubles it.
    static let baseDelay = Duration.milliseconds(100)
    /// The largest nominal delay.
    static let maximumDelay = Duration.seconds(2)

    /// The mint's NUT-19 setting, if it advertises one.
    var cachedResponses: CachedResponseSettings?

    /// Whether `endpoint` is one whose answers the mint caches.
    func isCached(_ endpoint: MintEndpoint) -> Bool {
        guard endpoint.isPOST, let cachedResponses else { return false }
        return cachedResponses.isCached(method: endpoint.method, path: endpoint.path)
    }

    /// The decision after attempt number `attempt` (1 is the first) failed with `error`.
    /// - Parameters:
    ///   - endpoint: the endpoint.
    ///   - attempt: how many attempts have been made, including the one that failed.
    ///   - error: the failure of the latest attempt.
    ///   - sentAt: when the first attempt was sent.
    ///   - now: the current time.
    ///   - jitter: a value in `0..<1` spreading the delay over 50 %–150 % of its nominal value.
    func decide(
        endpoint: MintEndpoint,
        attempt: Int,
        error: MintClientError,
        sentAt: Date,
        now: Date,
        jitter: Double
    ) -> Decision {
        if !endpoint.isPOST {
            guard attempt == 1, error.code == .transport else { return .stop }
            return .retry(after: Self.delay(replay: 1, jitter: jitter))
        }
        guard isCached(endpoint), let cachedResponses, attempt <= Self.maximumReplays else { return .stop }
        let replayable = error.isReplayable || (attempt > 1 && error.code == .unreachable)
        guard replayable, cachedResponses.canReplay(sentAt: sentAt, now: now) else { return .stop }
        return .retry(after: Self.delay(replay: attempt, jitter: jitter))
    }

    /// The delay before replay number `replay` (1-based): `baseDelay · 2^(replay−1)`, capped, times 0.5–1.5.
    static func delay(replay: Int, jitter: Double) -> Duration {
        let exponent = min(max(replay - 1, 0), 16)
        let nominal = min(baseDelay * (1 << exponent), maximumDelay)
        let factor = 0.5 + min(max(jitter, 0), 1)
        return nominal * factor
    }
}
