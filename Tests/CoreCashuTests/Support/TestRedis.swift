// Test support: a throwaway redis-server on a free loopback port, for Nutshell's NUT-19 response cache.

import CashuTestSupport
import Foundation

/// A Redis server for one test; stop it with ``stop()``.
final class TestRedis: Sendable {
    let url: String
    private let pid: Int32

    private init(url: String, pid: Int32) {
        self.url = url
        self.pid = pid
    }

    /// Starts redis-server without persistence; waits until it accepts connections. A shell watchdog SIGKILLs it
    /// once the test process is gone (``WatchedServer``).
    static func start() async throws -> TestRedis {
        let port = try TestPort.reserve()
        let started = try await WatchedServer.start(
            "/usr/bin/redis-server --port \(port) --bind 127.0.0.1 --save '' --appendonly no")
        guard let pid = started else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "redis-server did not start"])
        }
        let redis = TestRedis(url: "redis://127.0.0.1:\(port)", pid: pid)
        for _ in 0..<100 {
            if canConnect(port: port) { return redis }
            try await Task.sleep(for: .milliseconds(50))
        }
        redis.stop()
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "redis-server did not start"])
    }

    func stop() {
        kill(pid, SIGKILL)
    }

    /// Whether something accepts connections on the loopback port.
    private static func canConnect(port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                connect(socket, raw, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
