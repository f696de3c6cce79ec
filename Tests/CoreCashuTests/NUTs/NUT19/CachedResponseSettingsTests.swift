// Tests for NUT-19 — the cached-responses setting, endpoint lookup and the replay window.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-19 Cached responses")
struct CachedResponseSettingsTests {
    typealias F = WireFixtures

    // 19.md "Settings": the value of key "19", with the elided entries and trailing commas removed and a ttl filled in.
    static func specSettings(ttl: String) -> String {
        """
        {
          "ttl": \(ttl),
          "cached_endpoints": [
            {"method": "POST", "path": "/v1/mint/bolt11"},
            {"method": "POST", "path": "/v1/swap"}
          ]
        }
        """
    }

    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func specExampleRoundTrips() throws {
        let settings = try F.roundTrip(CachedResponseSettings.self, Self.specSettings(ttl: "300"))
        #expect(settings.ttl == 300)
        #expect(settings.cachedEndpoints.map(\.path) == ["/v1/mint/bolt11", "/v1/swap"])
        let forever = try F.roundTrip(CachedResponseSettings.self, Self.specSettings(ttl: "null"))
        #expect(forever.ttl == nil)
        #expect(try F.json(forever)["ttl"] == .null)
        #expect(try F.json(forever).objectValue?.keys.contains("ttl") == true)
    }

    @Test func missingTTLReadsAsNull() throws {
        let settings = try F.decode(CachedResponseSettings.self, #"{"cached_endpoints": []}"#)
        #expect(settings.ttl == nil)
    }

    @Test func isCachedMatchesListedEndpointsOnly() throws {
        let settings = try F.decode(CachedResponseSettings.self, Self.specSettings(ttl: "60"))
        #expect(settings.isCached(method: "POST", path: "/v1/swap"))
        #expect(settings.isCached(method: "post", path: "/v1/mint/bolt11"))
        #expect(!settings.isCached(method: "GET", path: "/v1/swap"))
        #expect(!settings.isCached(method: "POST", path: "/v1/melt/bolt11"))
        #expect(!settings.isCached(method: "POST", path: "/v1/swap/"))
    }

    @Test func ttlNilMeansForever() {
        let settings = CachedResponseSettings(ttl: nil, cachedEndpoints: [])
        #expect(settings.canReplay(sentAt: Self.t0, now: Self.t0.addingTimeInterval(10 * 365 * 86_400)))
    }

    @Test func ttlBoundsTheReplayWindow() {
        let settings = CachedResponseSettings(ttl: 60, cachedEndpoints: [])
        #expect(settings.canReplay(sentAt: Self.t0, now: Self.t0))
        #expect(settings.canReplay(sentAt: Self.t0, now: Self.t0.addingTimeInterval(59.9)))
        #expect(!settings.canReplay(sentAt: Self.t0, now: Self.t0.addingTimeInterval(60)))
        #expect(!settings.canReplay(sentAt: Self.t0, now: Self.t0.addingTimeInterval(3600)))
        // Clock went backwards: replaying is harmless, so it is allowed.
        #expect(settings.canReplay(sentAt: Self.t0, now: Self.t0.addingTimeInterval(-5)))
    }

    @Test(arguments: [0, -1, Int.min])
    func nonPositiveTTLAllowsNoReplay(_ ttl: Int) {
        let settings = CachedResponseSettings(ttl: ttl, cachedEndpoints: [])
        #expect(!settings.canReplay(sentAt: Self.t0, now: Self.t0))
    }

    @Test(arguments: [
        #"{"ttl": "60", "cached_endpoints": []}"#,
        #"{"ttl": 1.5, "cached_endpoints": []}"#,
        #"{"ttl": 60}"#,
        #"{"ttl": 60, "cached_endpoints": [{"method": "POST"}]}"#,
        #"{"ttl": 60, "cached_endpoints": {"method": "POST", "path": "/v1/swap"}}"#,
    ])
    func badSettingsAreATypedError(_ json: String) {
        #expect(F.failsToDecode(CachedResponseSettings.self, json))
    }
}
