// Test support: a real SOCKS5 proxy (Debian's microsocks) on a free loopback port, whose outgoing connections leave
// from 127.0.0.2, so a server behind it can tell proxied clients (127.0.0.2) from direct ones (127.0.0.1).

import CoreCashu
import Foundation

/// A microsocks for one test; stop it with ``stop()``.
package final class TestSOCKSProxy: Sendable {
    /// The address its outgoing connections come from.
    package static let outgoingAddress = "127.0.0.2"

    /// `socks5h://127.0.0.1:<port>`.
    package let proxy: NetworkProxy
    /// Its port.
    package let port: Int
    private let pid: Int32
    private let stopped = Locked(false)

    private init(port: Int, pid: Int32) throws {
        self.port = port
        self.pid = pid
        proxy = try NetworkProxy("socks5h://127.0.0.1:\(port)")
    }

    /// Starts microsocks and waits until it accepts connections. A shell watchdog kills it with the test process.
    package static func start() async throws -> TestSOCKSProxy {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/microsocks") else {
            throw CocoaError(
                .featureUnsupported,
                userInfo: [NSLocalizedDescriptionKey: "microsocks is not installed: run scripts/bootstrap"])
        }
        let port = try TestPort.reserve()
        let started = try await WatchedServer.start(
            "/usr/bin/microsocks -i 127.0.0.1 -p \(port) -b \(outgoingAddress)")
        guard let pid = started else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "microsocks did not start"])
        }
        let server = try TestSOCKSProxy(port: port, pid: pid)
        for _ in 0..<100 {
            if Self.accepts(port: port) { return server }
            try await Task.sleep(for: .milliseconds(50))
        }
        server.stop()
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "microsocks did not listen"])
    }

    /// Kills it: from now on nothing can go through it. Once only (its pid may be reused afterwards).
    package func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        kill(pid, SIGKILL)
        for _ in 0..<100 where Self.accepts(port: port) { usleep(20_000) }
    }

    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }
}
