// Reachability: probes a mint with NUT-06 `GET /v1/info` through a MintConnector with short deadlines.

import AsyncHTTPClient
import CashuServices
import CoreCashu

/// A probe that asks the mint for its info (NUT-06).
///
/// Any answer that parses as the mint's info means reachable; so does a NUT-00 error body (the mint is there, it
/// only refused). No connection, a timeout, a cut connection, another HTTP status (a captive portal, a proxy's 404)
/// or an answer that is not a mint's mean unreachable.
package struct MintInfoProbe: MintReachabilityProbe {
    private let connector: @Sendable (MintURL) -> any MintConnector

    /// A probe over connectors built by `connector` (which should have short deadlines, e.g. ``probeTimeouts``).
    package init(connector: @escaping @Sendable (MintURL) -> any MintConnector) {
        self.connector = connector
    }

    /// A probe over `HTTPMintConnector`s sharing `httpClient` (which the caller shuts down;
    /// ``makeHTTPClient(timeouts:proxy:)`` makes a suitable one), with `timeouts` as the deadlines (the client's own
    /// connect timeout also applies); `proxied` when that client goes through a proxy.
    package init(httpClient: HTTPClient, timeouts: MintTimeouts = MintInfoProbe.probeTimeouts, proxied: Bool = false) {
        self.connector = { mint in
            HTTPMintConnector(mintURL: mint, httpClient: httpClient, timeouts: timeouts, proxied: proxied)
        }
    }

    /// Deadlines for a probe: 3 s to connect, 5 s for the answer.
    package static let probeTimeouts = MintTimeouts(connect: .seconds(3), read: .seconds(5), write: .seconds(5))

    /// A client for probes (the caller shuts it down): no redirects, `probeTimeouts.connect` to connect, and idle
    /// connections closed after 100 ms, so that each probe opens a connection of its own. A kept-alive connection
    /// would outlive a route going away and turn a probe's immediate "network unreachable" into a read timeout.
    /// With `proxy`, probes go through it like every other connection.
    package static func makeHTTPClient(
        timeouts: MintTimeouts = MintInfoProbe.probeTimeouts, proxy: NetworkProxy? = nil
    ) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .init(timeouts.connect)),
            connectionPool: .init(idleTimeout: .milliseconds(100)),
            decompression: .disabled
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.proxy = proxy?.clientProxy
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    package func probe(_ mint: MintURL) async -> MintReachability {
        do {
            _ = try await connector(mint).info()
            return .reachable
        } catch {
            if error.code == .mintRefused { return .reachable }
            return .unreachable(ReachabilityFailure(code: error.code, reason: error.reason))
        }
    }
}
