// Mint and payee addresses: host names as a connection treats them (trailing dots, Tor onion services).

import Foundation

/// Host names as a connection treats them.
package enum HostName {
    /// The host lowercased, without the trailing dots DNS ignores (`x.onion.` is `x.onion`).
    package static func normalized(_ host: String) -> String {
        var name = host.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// Whether `host` names a Tor onion service (`x.onion`, `x.onion.`, any case).
    package static func isOnion(_ host: String) -> Bool { normalized(host).hasSuffix(".onion") }

    /// Whether `url`'s host names a Tor onion service.
    package static func isOnion(_ url: URL) -> Bool { url.host.map(isOnion) ?? false }

    /// Whether `host` is this machine: `localhost`, `::1`, or an IPv4 address in 127.0.0.0/8 (not a name that merely
    /// starts with `127.`).
    package static func isLoopback(_ host: String) -> Bool {
        let name = normalized(host)
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) })
        else { return false }
        return octets.compactMap { UInt8($0) }.count == 4 && octets[0] == "127"
    }
}
