// npub.cash v2 — an address service's base URL: its API under `/api/v2`, and the Lightning address it gives a Nostr
// key, `npub1…@host` (LUD-16, answered at `/.well-known/lnurlp/<npub>`).

import CoreCashu
import Foundation

/// The base URL of an npub.cash-style service, normalised: `https://npubx.cash`, `http://127.0.0.1:8080`.
package struct NpubCashService: Sendable, Hashable, CustomStringConvertible {
    /// Scheme, host, the port when not the default, and any path prefix, without a trailing slash.
    package let baseURL: String
    /// The host, with its port when not the default: the address's domain.
    package let domain: String

    /// A service from what a user typed: a URL, or a host name (https assumed).
    /// - Throws: ``NpubCashError`` `.serviceNotConfigured` for anything but an http(s) URL with a host.
    package init(_ text: String) throws(NpubCashError) {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.contains("://") { trimmed = "https://" + trimmed }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = url.host?.lowercased(), !host.isEmpty,
            url.query == nil, url.fragment == nil, url.user == nil
        else {
            throw NpubCashError(.serviceNotConfigured, "not an http(s) service URL: \(text)")
        }
        let port = url.port.map { ($0 == 443 && scheme == "https") || ($0 == 80 && scheme == "http") ? "" : ":\($0)" }
        domain = host + (port ?? "")
        baseURL = "\(scheme)://\(domain)\(url.path)"
    }

    /// The Lightning address of `npub` at this service.
    package func address(npub: String) -> String { "\(npub)@\(domain)" }

    /// The URL of an API path (`/api/v2/...`).
    package func url(_ path: String) -> String { baseURL + path }

    package var description: String { baseURL }
}
