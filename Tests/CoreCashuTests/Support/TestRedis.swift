// Test support: a throwaway redis-server on a free loopback port, for Nutshell's NUT-19 response cache.

import Foundation

/// A Redis server for one test; stop it with ``stop()``.
final class TestRedis: Sendable {
    let url: String
    private let process: Process

    private init(url: String, process: Process) {
        self.url = url
        self.process = process
    }

    /// Starts redis-server without persistence; waits until it accepts connections.
    static func start() async throws -> TestRedis {
        let port = try freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let redis = TestRedis(url: "redis://127.0.0.1:\(port)", process: process)
        for _ in 0..<100 {
            if canConnect(port: port) { return redis }
            try await Task.sleep(for: .milliseconds(50))
        }
        redis.stop()
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "redis-server did not start"])
    }

    func stop() {
        if process.isRunning { process.terminate() }
    }

    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.featureUnsupported) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

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
