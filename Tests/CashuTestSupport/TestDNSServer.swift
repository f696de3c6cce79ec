// Test support: a real DNS server (Debian's dnsmasq) on a loopback port, serving the TXT records a test gives it —
// BIP-353 payment instructions for names under example.test.

import CashuHTTP
import CoreCashu
import Foundation

/// A dnsmasq for one test; stop it with ``stop()``.
package final class TestDNSServer: Sendable {
    /// `127.0.0.1:<port>`, as `CASHU_DNS_SERVER` takes it.
    package let address: String
    private let pid: Int32
    private let directory: URL
    private let stopped = Locked(false)

    private init(port: Int, pid: Int32, directory: URL) {
        address = "127.0.0.1:\(port)"
        self.pid = pid
        self.directory = directory
    }

    /// Starts dnsmasq answering `records` (name → each TXT record's text) and nothing else, and waits until it answers.
    package static func start(records: [(name: String, text: String)]) async throws -> TestDNSServer {
        let binary = "/usr/sbin/dnsmasq"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw CocoaError(
                .featureUnsupported,
                userInfo: [NSLocalizedDescriptionKey: "dnsmasq is not installed: run scripts/bootstrap"])
        }
        let port = try TestPort.reserve()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-dns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var lines = [
            "port=\(port)", "listen-address=127.0.0.1", "bind-interfaces", "no-resolv", "no-hosts", "pid-file=",
            "local=/example.test/",
        ]
        for record in records { lines.append("txt-record=\(record.name),\"\(record.text)\"") }
        let configuration = directory.appendingPathComponent("dnsmasq.conf")
        try (lines.joined(separator: "\n") + "\n").write(to: configuration, atomically: true, encoding: .utf8)
        let started = try await WatchedServer.start(
            "\(binary) --keep-in-foreground --conf-file=\(configuration.path)", cleanup: "rm -rf '\(directory.path)'")
        guard let pid = started else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "dnsmasq did not start"])
        }
        let server = TestDNSServer(port: port, pid: pid, directory: directory)
        let resolver = DNSTXTResolver(
            servers: [DNSTXTResolver.Server(host: "127.0.0.1", port: UInt16(port))], timeout: .seconds(1))
        for _ in 0..<50 {
            if (try? await resolver.txt("ready.example.test")) != nil { return server }
            try await Task.sleep(for: .milliseconds(100))
        }
        server.stop()
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "dnsmasq did not answer"])
    }

    /// Kills it. Once only.
    package func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        kill(pid, SIGKILL)
        try? FileManager.default.removeItem(at: directory)
    }
}
