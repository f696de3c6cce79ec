// Local API: who may call it — the token or a session, from the service's own host and origin only.

import Foundation

/// The decision for one request, made from its headers alone (no I/O): a pure function the tests drive.
///
/// - A request must carry the service's token (`Authorization: Bearer …`) or a session cookie a one-time login link
///   set; the web wallet's page and its assets, the login link and the description are open.
/// - On loopback TCP its `Host` must be the service's own address (a DNS-rebinding page names another host).
/// - When it carries an `Origin` (a browser), that must be the service's own: a page on another origin cannot call
///   the API, whatever cookies the browser holds. No CORS header is ever sent.
struct APIAccess: Sendable {
    /// What happens to a request.
    enum Decision: Equatable, Sendable {
        case allow
        /// 401: no token and no valid session.
        case unauthorized
        /// 403: a foreign `Host` or `Origin`.
        case forbidden(String)
    }

    /// The paths served without a token: the web wallet's page and assets, the login link, the description.
    static func isOpen(_ path: String) -> Bool {
        path == "/" || path == "/login" || path == "/openapi.yaml" || path.hasPrefix("/assets/")
    }

    /// The `Host` values accepted; `nil` on the Unix socket (no browser reaches it, and clients name any host).
    let hosts: Set<String>?
    /// The origins accepted (the service's own pages).
    let origins: Set<String>
    /// The service's token.
    let token: String

    /// Decides for a request to `path` with these header values; `sessionLive` says whether its session cookie names
    /// a live session.
    func decide(path: String, host: String?, origin: String?, authorization: String?, sessionLive: Bool) -> Decision {
        if let hosts {
            guard let host, hosts.contains(host.lowercased()) else {
                return .forbidden("this service answers to \(hosts.sorted().first ?? "its own address") only")
            }
        }
        if let origin, !origins.contains(origin.lowercased()) {
            return .forbidden("requests from another origin are refused")
        }
        if Self.isOpen(path) { return .allow }
        if let authorization, let presented = Self.bearer(authorization),
            Self.constantTimeEqual(presented, token)
        {
            return .allow
        }
        if sessionLive { return .allow }
        return .unauthorized
    }

    /// The credential of `Bearer CREDENTIAL` (scheme in any case), else `nil`.
    static func bearer(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// Compares without stopping at the first difference (the token is a bearer secret).
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
