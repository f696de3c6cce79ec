// LUD-16 — Lightning addresses (`user@domain`) and LUD-01/17 LNURLs: the LNURL-pay endpoint they name.

import Foundation

/// Where a payee's LNURL-pay parameters are fetched from: a Lightning address (`user@domain`, LUD-16), a bech32
/// `lnurl1…` (LUD-01) or an `lnurlp://` URL (LUD-17).
package struct LNURLPayTarget: Hashable, Sendable, CustomStringConvertible {
    /// The URL of the first request (`GET`, answered by ``LNURLPayParameters``).
    package let url: URL
    /// The address as given, for Lightning addresses (`nil` for an LNURL).
    package let address: String?

    /// Parses a Lightning address, a bech32 LNURL (optionally `lightning:`-prefixed) or an `lnurlp://` URL.
    ///
    /// Addresses and `lnurlp://` go over https, except to a loopback host (`shop@127.0.0.1:8080`) or a Tor onion
    /// service, which use http (TLS to a loopback test server has no certificate; an onion address is its own
    /// encryption). A bech32 LNURL must name an https URL, or http to a loopback or onion host.
    /// - Throws: ``LNURLError`` `invalidAddress`.
    package init(_ text: String) throws(LNURLError) {
        var value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.lowercased().hasPrefix("lightning:") { value = String(value.dropFirst("lightning:".count)) }
        if value.lowercased().hasPrefix("lnurl1") {
            let decoded: (hrp: String, data: [UInt8], variant: Bech32.Variant)
            do { decoded = try Bech32.decode(value, limit: 2048) } catch {
                throw LNURLError(.invalidAddress, "not a valid bech32 LNURL")
            }
            guard decoded.hrp == "lnurl", decoded.variant == .bech32,
                let bytes = try? Bech32.convertBits(decoded.data, from: 5, to: 8, pad: false),
                let string = String(bytes: bytes, encoding: .utf8), let url = URL(string: string)
            else {
                throw LNURLError(.invalidAddress, "the LNURL does not hold a URL")
            }
            try Self.requireTransport(url)
            self.url = url
            self.address = nil
            return
        }
        if value.lowercased().hasPrefix("lnurlp://") {
            guard var components = URLComponents(string: value), let host = components.host,
                components.user == nil, components.password == nil, components.fragment == nil
            else {
                throw LNURLError(.invalidAddress, "not a valid lnurlp:// URL")
            }
            components.scheme = Self.plainHTTP(host) ? "http" : "https"
            guard let url = components.url else { throw LNURLError(.invalidAddress, "not a valid lnurlp:// URL") }
            self.url = url
            self.address = nil
            return
        }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw LNURLError(.invalidAddress, "not a Lightning address (user@domain) or an LNURL")
        }
        let user = parts[0].lowercased()
        let domain = parts[1].lowercased()
        // LUD-16: the user name is a-z, 0-9, `-_.+`.
        let userCharacters = "abcdefghijklmnopqrstuvwxyz0123456789-_.+"
        guard user.allSatisfy({ userCharacters.contains($0) }) else {
            throw LNURLError(.invalidAddress, "a Lightning address's user name has a-z, 0-9 and -_.+ only")
        }
        guard let probe = URLComponents(string: "http://\(domain)"), let host = probe.host, !host.isEmpty,
            probe.path.isEmpty, probe.query == nil, probe.fragment == nil, probe.user == nil,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) })
        else {
            throw LNURLError(.invalidAddress, "a Lightning address's domain is not a host name")
        }
        let scheme = Self.plainHTTP(host) ? "http" : "https"
        guard let url = URL(string: "\(scheme)://\(domain)/.well-known/lnurlp/\(user)") else {
            throw LNURLError(.invalidAddress, "not a Lightning address")
        }
        self.url = url
        self.address = "\(user)@\(domain)"
    }

    /// Loopback (tests) and onion hosts are fetched over http; everything else over https.
    static func plainHTTP(_ host: String) -> Bool {
        HostName.isLoopback(host) || HostName.isOnion(host)
    }


    /// An LNURL-pay URL must be https (or http to a loopback or onion host).
    static func requireTransport(_ url: URL) throws(LNURLError) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host else {
            throw LNURLError(.invalidAddress, "the LNURL does not hold an http(s) URL")
        }
        guard scheme == "https" || (scheme == "http" && plainHTTP(host)) else {
            throw LNURLError(.invalidAddress, "the LNURL must be https")
        }
    }

    package var description: String { address ?? url.absoluteString }
}
