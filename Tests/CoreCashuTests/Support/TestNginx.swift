// Test support: a throwaway nginx reverse proxy on a free loopback port, in front of a test mint, that sets
// `X-Forwarded-For` to a non-loopback address (Nutshell exempts loopback clients from its rate limits).

import CashuTestSupport
import CoreCashu
import Foundation

/// An nginx for one test, relaying to a mint as if its clients came from `forwardedFor`; stop it with ``stop()``.
final class TestNginx: Sendable {
    /// The proxy's URL, to use as the mint's.
    let url: MintURL
    /// Where its configuration and logs are.
    let directory: URL
    private let pid: Int32

    private init(url: MintURL, directory: URL, pid: Int32) {
        self.url = url
        self.directory = directory
        self.pid = pid
    }

    /// Starts nginx (`daemon off`, every path in a temporary directory); waits until it accepts connections. A shell
    /// watchdog SIGKILLs it once the test process is gone.
    static func start(inFrontOf mint: MintURL, forwardedFor: String = "203.0.113.7") async throws -> TestNginx {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw CocoaError(
                .featureUnsupported,
                userInfo: [NSLocalizedDescriptionKey: "nginx is not installed: run scripts/bootstrap"])
        }
        let port = try TestPort.reserve()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-nginx-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.path
        let upstream = mint.description.hasSuffix("/") ? String(mint.description.dropLast()) : mint.description
        let configuration = """
            worker_processes 1;
            daemon off;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 256; }
            http {
                access_log \(path)/access.log;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass \(upstream);
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header X-Forwarded-For \(forwardedFor);
                    }
                }
            }
            """
        try Data(configuration.utf8).write(to: directory.appendingPathComponent("nginx.conf"))
        // Workers of a root master run as `nobody`: they must be able to write the temporary paths.
        _ = chmod(path, 0o777)
        let started = try await WatchedServer.start(
            "/usr/sbin/nginx -p \(path) -c \(path)/nginx.conf", cleanup: "pkill -9 -f 'nginx -p \(path)' 2>/dev/null")
        guard let pid = started else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "nginx did not start"])
        }
        let nginx = TestNginx(url: try MintURL("http://127.0.0.1:\(port)"), directory: directory, pid: pid)
        for _ in 0..<100 {
            if (try? await HTTPMintConnector(mintURL: nginx.url, httpClient: TestHTTP.client).info()) != nil {
                // nginx logs a request after it has answered it: wait for the readiness check's line, so a test
                // that counts the lines after it does not count it as its own.
                for _ in 0..<200 where nginx.clientAddresses().isEmpty {
                    try await Task.sleep(for: .milliseconds(10))
                }
                return nginx
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        nginx.stop()
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "nginx did not start: \(log)"])
    }

    /// How many requests to `path` the proxy relayed, and with which statuses (from its access log).
    func statuses(path: String) -> [Int] {
        let log = (try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            // `... "POST /v1/swap HTTP/1.1" 429 33 "-" "..."`
            guard line.contains(" \(path) "), let request = line.range(of: "HTTP/1.1\" ") else { return nil }
            return Int(line[request.upperBound...].prefix { $0.isNumber })
        }
    }

    /// The address of each client the proxy relayed for (from its access log), in order.
    func clientAddresses() -> [String] {
        let log = (try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    func stop() {
        kill(pid, SIGKILL)
        try? FileManager.default.removeItem(at: directory)
    }
}
