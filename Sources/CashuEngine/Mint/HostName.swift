// Mint and payee addresses: host names as a connection treats them (trailing dots, Tor onion services).

import Foundation

/// Host names as a connection treats them.
public enum HostName {
    /// The host lowercased, without the trailing dots DNS ignores (`x.onion.` is `x.onion`).
    public static func normalized(_ host: String) -> String {
        var name = host.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// Whether `host` names a Tor onion service (`x.onion`, `x.onion.`, any case).
    public static func isOnion(_ host: String) -> Bool { normalized(host).hasSuffix(".onion") }

    /// Whether `url`'s host names a Tor onion service.
    public static func isOnion(_ url: URL) -> Bool { url.host.map(isOnion) ?? false }
}
