// CLI: the proxy a command's connections go through (--tor, --proxy, CASHU_PROXY), remembered for its messages.

import CoreCashu
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Chooses the command's proxy and keeps it for error messages ("through the proxy ...; is it running?").
enum ProxyChoice {
    /// The proxy of the running command, once chosen.
    static let active = Mutex<NetworkProxy?>(nil)

    /// The proxy named on the command line (`--tor`, `--proxy`), not taken from the environment; `nil` without one.
    static func explicit(_ global: GlobalOptions) -> NetworkProxy? {
        guard global.tor || global.proxy != nil else { return nil }
        return active.withLock { $0 }
    }

    /// `--tor` (the local Tor daemon, which must be listening), else `--proxy`, else `CASHU_PROXY`; `nil`: direct.
    /// - Throws: ``CLIError`` `config` for a proxy URL that cannot be used, `mintUnreachable` when `--tor` finds
    ///   nothing listening.
    static func resolve(
        _ global: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> NetworkProxy? {
        let proxy: NetworkProxy?
        if global.tor {
            guard isListening(host: NetworkProxy.tor.host, port: NetworkProxy.tor.port) else {
                throw CLIError(
                    .mintUnreachable,
                    "--tor: nothing listens on \(NetworkProxy.tor.host):\(NetworkProxy.tor.port); is the tor daemon "
                        + "running?",
                    code: "proxyDown")
            }
            proxy = .tor
        } else if let explicit = global.proxy, explicit.trimmingCharacters(in: .whitespaces).isEmpty {
            // `--proxy "$P"` with P unset must not quietly mean "direct".
            throw CLIError(.config, "--proxy is empty; give a proxy URL or leave the option out", code: "config")
        } else if let text = global.proxy ?? environment["CASHU_PROXY"], !text.isEmpty {
            do { proxy = try NetworkProxy(text) } catch {
                throw CLIError(.config, "proxy: \(error.reason)", code: "config")
            }
        } else {
            proxy = nil
        }
        active.withLock { $0 = proxy }
        return proxy
    }

    /// Whether a TCP connection to `host:port` (an IPv4 address) is accepted.
    static func isListening(host: String, port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return false }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }
}
