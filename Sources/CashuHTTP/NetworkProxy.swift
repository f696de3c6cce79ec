// Mint client: the proxy every connection goes through (SOCKS5 or HTTP CONNECT), so the mint never sees the wallet's
// address and names are resolved by the proxy.

import AsyncHTTPClient
import CashuEngine
import Foundation

/// A proxy for the wallet's connections: `socks5h://host:port` (names resolved by the proxy), `socks5://host:port`
/// (treated the same: the wallet never resolves a name itself when a proxy is set, so DNS does not leak), or
/// `http://[user:password@]host:port` (HTTP CONNECT). Printing it never shows the credentials.
public struct NetworkProxy: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The proxy protocols.
    package enum Kind: String, Sendable, Hashable {
        case socks5h, socks5, http
    }

    /// The protocol.
    package let kind: Kind
    /// The proxy's host.
    public let host: String
    /// The proxy's port.
    public let port: Int
    /// HTTP CONNECT credentials, if any (never printed).
    let credentials: Credentials?

    /// An HTTP proxy's user name and password.
    struct Credentials: Sendable, Hashable {
        let user: String
        let password: String
    }

    /// The local Tor daemon's SOCKS port.
    public static let tor = NetworkProxy(kind: .socks5h, host: "127.0.0.1", port: 9050, credentials: nil)

    private init(kind: Kind, host: String, port: Int, credentials: Credentials?) {
        self.kind = kind
        self.host = host
        self.port = port
        self.credentials = credentials
    }

    /// Parses a proxy URL.
    /// - Throws: `WalletError` `invalidInput` naming what is wrong (never the credentials).
    public init(_ text: String) throws(WalletError) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let scheme = components.scheme?.lowercased(), let kind = Kind(rawValue: scheme)
        else {
            throw WalletError(.invalidInput, "a proxy is socks5h://host:port, socks5://host:port or http://host:port")
        }
        guard var host = components.host, !host.isEmpty else {
            throw WalletError(.invalidInput, "the proxy URL names no host")
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }  // IPv6
        // A host name or an address, nothing else (the host is percent-decoded: no control characters, spaces, ...).
        let allowed = "0123456789.-:_".unicodeScalars
        guard host.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || allowed.contains($0)) })
        else {
            throw WalletError(.invalidInput, "the proxy's host is not a host name or address")
        }
        let port = components.port ?? (kind == .http ? 8080 : 1080)
        guard (1...65_535).contains(port), components.path.isEmpty || components.path == "/",
            components.query == nil, components.fragment == nil
        else {
            throw WalletError(.invalidInput, "the proxy URL is host and port only")
        }
        var credentials: Credentials?
        if let user = components.user {
            // async-http-client speaks SOCKS5 without authentication only.
            guard kind == .http else {
                throw WalletError(.invalidInput, "a SOCKS proxy with a user name and password is not supported")
            }
            credentials = Credentials(user: user, password: components.password ?? "")
        }
        self.init(kind: kind, host: host, port: port, credentials: credentials)
    }

    /// async-http-client's proxy setting for this proxy.
    package var clientProxy: HTTPClient.Configuration.Proxy {
        switch kind {
        case .socks5h, .socks5:
            return .socksServer(host: host, port: port)
        case .http:
            return .server(
                host: host, port: port,
                authorization: credentials.map { .basic(username: $0.user, password: $0.password) })
        }
    }

    /// `Basic …` for an HTTP proxy's `Proxy-Authorization` header, when it has credentials.
    package var basicAuthorization: String? {
        credentials.map { "Basic " + Data("\($0.user):\($0.password)".utf8).base64EncodedString() }
    }

    /// Whether the proxy URL carries a user name and password.
    public var hasCredentials: Bool { credentials != nil }

    /// The URL with its credentials, for keeping the setting (never for printing).
    package var persistentText: String {
        var components = URLComponents()
        components.scheme = kind.rawValue
        components.host = host.contains(":") ? "[\(host)]" : host
        components.port = port
        components.user = credentials?.user
        components.password = credentials?.password
        return components.string ?? "\(kind.rawValue)://\(host):\(port)"
    }

    /// `scheme://host:port`, with `***@` in place of any credentials.
    public var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(kind.rawValue)://\(credentials == nil ? "" : "***@")\(shown):\(port)"
    }

    /// What `dump` and debuggers show: the redacted description.
    public var customMirror: Mirror { Mirror(self, children: ["proxy": description]) }
}

extension MintURL {
    /// Whether the mint is a Tor onion service (reachable only through a proxy to Tor).
    package var isOnion: Bool { URLComponents(string: rawValue)?.host.map(HostName.isOnion) ?? false }
}
