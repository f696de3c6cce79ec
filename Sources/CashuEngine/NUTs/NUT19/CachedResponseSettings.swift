// NUT-19 — Cached responses: the mint-info setting `"19"` and when a wallet may replay a request to get its answer.

import Foundation

/// The NUT-06 info entry `"19": {"ttl": <int|null>, "cached_endpoints": [{"method", "path"}]}`.
///
/// After a network failure on a cached endpoint, a wallet replays the identical request (same body) while the
/// mint still holds the response, and gets the original answer instead of "outputs already signed".
package struct CachedResponseSettings: Codable, Hashable, Sendable {
    /// An HTTP method and path whose successful responses the mint caches.
    package struct Endpoint: Codable, Hashable, Sendable {
        /// The HTTP method, e.g. `POST`.
        package var method: String
        /// The path, e.g. `/v1/swap`.
        package var path: String

        /// Creates an endpoint.
        /// - Parameters:
        ///   - method: the HTTP method.
        ///   - path: the path.
        package init(method: String, path: String) {
            self.method = method
            self.path = path
        }
    }

    /// Seconds a response stays cached; `nil` means indefinitely (NUT-19 "Settings").
    package var ttl: Int?
    /// The endpoints whose responses are cached.
    package var cachedEndpoints: [Endpoint]

    /// Creates the setting.
    /// - Parameters:
    ///   - ttl: seconds responses are cached for, or `nil` for indefinitely.
    ///   - cachedEndpoints: the cached endpoints.
    package init(ttl: Int?, cachedEndpoints: [Endpoint]) {
        self.ttl = ttl
        self.cachedEndpoints = cachedEndpoints
    }

    enum CodingKeys: String, CodingKey {
        case ttl
        case cachedEndpoints = "cached_endpoints"
    }

    /// Decodes the setting; a missing `ttl` reads as `null`.
    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ttl = try container.decodeIfPresent(Int.self, forKey: .ttl)
        cachedEndpoints = try container.decode([Endpoint].self, forKey: .cachedEndpoints)
    }

    /// Encodes the setting with an explicit `"ttl": null` for indefinite caching, as the spec shows it.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let ttl {
            try container.encode(ttl, forKey: .ttl)
        } else {
            try container.encodeNil(forKey: .ttl)
        }
        try container.encode(cachedEndpoints, forKey: .cachedEndpoints)
    }

    /// Whether the mint caches responses of `method` on `path`.
    ///
    /// The method is compared case-insensitively (HTTP methods are conventionally upper case), the path exactly.
    /// - Parameters:
    ///   - method: the HTTP method, e.g. `POST`.
    ///   - path: the request path without scheme, host or query, e.g. `/v1/swap`.
    /// - Returns: `true` if the endpoint is listed.
    package func isCached(method: String, path: String) -> Bool {
        let method = method.uppercased()
        return cachedEndpoints.contains { $0.method.uppercased() == method && $0.path == path }
    }

    /// Whether a request sent at `sentAt` can still be replayed for its cached response at `now`.
    ///
    /// With `ttl == nil` a replay is always possible. A negative `ttl` allows none. When the clock went backwards
    /// (`now` before `sentAt`) a replay is allowed: it is harmless, since a mint without the entry answers the
    /// replay as a fresh request and the wallet falls back to NUT-07/NUT-09 recovery.
    /// - Parameters:
    ///   - sentAt: when the original request was sent.
    ///   - now: the current time.
    /// - Returns: `true` while the cached response should still exist (strictly less than `ttl` seconds elapsed).
    package func canReplay(sentAt: Date, now: Date) -> Bool {
        guard let ttl else { return true }
        guard ttl > 0 else { return false }
        return now.timeIntervalSince(sentAt) < Double(ttl)
    }
}
