// NIP-47 — Nostr Wallet Connect: the connection URI, `nostr+walletconnect://<wallet pubkey>?relay=…&secret=…`.

import Foundation

/// A connection URI as the wallet service hands it to a client: the service's public key, its relays, the client's
/// secret and, optionally, a Lightning address.
///
/// The secret is the client's private key: ``description`` and ``debugDescription`` print it as `<redacted>`; only
/// ``uriString`` carries it.
public struct NWCConnectionURI: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The URI scheme.
    package static let scheme = "nostr+walletconnect"

    /// The wallet service's public key for this connection.
    package var walletPublicKey: NostrPublicKey
    /// The relays the service listens on, in the URI's order (at least one).
    package var relays: [NostrRelayURL]
    /// The client's key pair, from the `secret` parameter.
    package var secret: NostrKeyPair
    /// A Lightning address (`lud16`) the client may put in the user's profile.
    package var lud16: String?

    /// A URI from its parts.
    package init(walletPublicKey: NostrPublicKey, relays: [NostrRelayURL], secret: NostrKeyPair, lud16: String? = nil) {
        self.walletPublicKey = walletPublicKey
        self.relays = relays
        self.secret = secret
        self.lud16 = lud16
    }

    /// Parses a connection URI: `nostr+walletconnect://` (or `nostr+walletconnect:`), the wallet's 64-hex public key,
    /// then percent-encoded query parameters: `relay` (one or more), `secret` (once), `lud16` (at most once).
    /// Other parameters are ignored.
    ///
    /// - Throws: ``NostrError`` `.invalidConnectionURI` (its reason never carries the secret).
    package init(_ text: String) throws(NostrError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let colon = trimmed.firstIndex(of: ":"),
            trimmed[..<colon].lowercased() == Self.scheme
        else {
            throw Self.invalid("a connection URI starts with \(Self.scheme)://")
        }
        var rest = trimmed[trimmed.index(after: colon)...]
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var keyText = rest[..<queryStart]
        if keyText.hasSuffix("/") { keyText = keyText.dropLast() }
        guard let walletKey = try? NostrPublicKey(hex: keyText) else {
            throw Self.invalid("the wallet service's public key is not 64 hex characters of a valid key")
        }
        var relays: [NostrRelayURL] = []
        var secret: NostrKeyPair?
        var lud16: String?
        let query = queryStart < rest.endIndex ? rest[rest.index(after: queryStart)...] : ""
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first?.removingPercentEncoding,
                let value = (parts.count == 2 ? parts[1] : "").removingPercentEncoding
            else {
                throw Self.invalid("a query parameter is not valid percent-encoding")
            }
            switch name {
            case "relay":
                guard let relay = try? NostrRelayURL(value) else {
                    throw Self.invalid("a relay is not a ws:// or wss:// URL")
                }
                if !relays.contains(relay) { relays.append(relay) }
            case "secret":
                guard secret == nil else { throw Self.invalid("the secret is given twice") }
                guard value.utf8.count == 64, let keys = try? NostrKeyPair(privateKeyHex: value) else {
                    throw Self.invalid("the secret is not 64 hex characters of a valid private key")
                }
                secret = keys
            case "lud16":
                guard lud16 == nil else { throw Self.invalid("lud16 is given twice") }
                lud16 = value
            default:
                continue
            }
        }
        guard !relays.isEmpty else { throw Self.invalid("a connection URI names at least one relay") }
        guard let secret else { throw Self.invalid("a connection URI carries the client's secret") }
        self.init(walletPublicKey: walletKey, relays: relays, secret: secret, lud16: lud16)
    }

    /// The URI, secret included: `nostr+walletconnect://<pubkey>?relay=<r1>&relay=<r2>&secret=<hex>[&lud16=<a>]`,
    /// every value percent-encoded (all but RFC 3986's unreserved characters).
    public var uriString: String {
        var parameters = relays.map { "relay=" + Self.encode($0.string) }
        parameters.append("secret=" + secret.privateKey.exposedSecretHex)
        if let lud16 { parameters.append("lud16=" + Self.encode(lud16)) }
        return "\(Self.scheme)://\(walletPublicKey.hex)?" + parameters.joined(separator: "&")
    }

    public var description: String {
        let relayList = relays.map(\.string).joined(separator: ", ")
        return "\(Self.scheme)://\(walletPublicKey.hex) (relays: \(relayList), secret: <redacted>)"
    }

    public var debugDescription: String {
        "NWCConnectionURI(wallet: \(walletPublicKey.hex), relays: \(relays.map(\.string)), secret: <redacted>, "
            + "lud16: \(lud16 ?? "none"))"
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    private static func invalid(_ reason: String) -> NostrError { NostrError(.invalidConnectionURI, reason) }
}
