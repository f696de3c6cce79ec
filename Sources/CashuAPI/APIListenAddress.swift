// Local API: the loopback address `--api-listen` takes; any other address is refused (the API spends money).

import Foundation

/// A loopback TCP address for the local API: `127.0.0.1:PORT`, `[::1]:PORT` or `localhost:PORT`.
struct APIListenAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address to bind (`127.0.0.1` or `::1`).
    let host: String
    let port: Int

    /// Parses `text`; `nil` for anything but a loopback host with a port from 1 to 65535.
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.lastIndex(of: ":"), let port = Int(trimmed[trimmed.index(after: colon)...]),
            (1...65_535).contains(port)
        else { return nil }
        switch trimmed[..<colon] {
        case "127.0.0.1", "localhost": host = "127.0.0.1"
        case "[::1]": host = "::1"
        default: return nil
        }
        self.port = port
    }

    /// The `Host` values a browser sends to this address (DNS rebinding sends another name: refused).
    var hostHeaders: Set<String> {
        host == "::1" ? ["[::1]:\(port)", "localhost:\(port)"] : ["127.0.0.1:\(port)", "localhost:\(port)"]
    }

    /// The origins of pages this service serves itself (the web wallet).
    var origins: Set<String> { Set(hostHeaders.map { "http://\($0)" }) }

    var description: String { host == "::1" ? "[::1]:\(port)" : "\(host):\(port)" }
}
