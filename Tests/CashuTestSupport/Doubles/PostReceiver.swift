// Test support: a tiny HTTP server on loopback that takes POST requests (a payee's NUT-18 endpoint), answers a
// fixed status, and keeps the bodies.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Accepts HTTP/1.1 requests on 127.0.0.1 on a thread of its own until stopped.
package final class PostReceiver: @unchecked Sendable {
    package let port: UInt16
    private let socket: Int32
    private let status: Int
    private let lock = NSLock()
    private var bodies: [Data] = []
    private var stopped = false

    package var url: String { "http://127.0.0.1:\(port)/pay" }

    /// The bodies received so far.
    package var received: [Data] { lock.withLock { bodies } }

    package init(status: Int = 200) throws {
        self.status = status
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0, listen(socket, 8) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    /// Stops accepting. Only shuts the socket down: the serving thread closes it when it leaves, so it never calls
    /// accept on a descriptor number the kernel has since given to someone else.
    package func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    private func serve() {
        defer { close(socket) }
        while true {
            let client = accept(socket, nil, nil)
            if lock.withLock({ stopped }) {
                if client >= 0 { close(client) }
                return
            }
            // A failed accept (EMFILE) is tried again after a pause, not in a busy loop; serving ends only with stop(),
            // so the descriptor stop() shuts down is still this one.
            guard client >= 0 else {
                usleep(10_000)
                continue
            }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            data.append(contentsOf: buffer[0..<count])
            guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
            let length =
                head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if data.count - end.upperBound >= length {
                let body = data[end.upperBound..<(end.upperBound + length)]
                lock.withLock { bodies.append(Data(body)) }
                let reply = "HTTP/1.1 \(status) X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                _ = reply.withCString { write(client, $0, strlen($0)) }
                return
            }
        }
    }
}
