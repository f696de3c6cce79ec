// Test support: a scripted HTTP/1.1 server on 127.0.0.1 (POSIX sockets) for the HTTP connector's fault tests.

import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback server whose every answer is chosen by the test: a response, raw bytes, a close, a reset or silence.
///
/// Each connection carries one request (answers say `Connection: close`). The server records every request it
/// read, in arrival order, before answering it.
package final class LoopbackServer: @unchecked Sendable {
    /// A request as the server read it.
    package struct Request: Sendable {
        package var method: String
        package var path: String
        package var headers: [String: String]
        package var body: [UInt8]
    }

    /// What the server does with a request.
    package enum Reply: Sendable {
        /// A complete response with `Content-Length`, then close.
        case respond(status: Int, body: [UInt8])
        /// These bytes exactly, then close (a truncated answer when they promise more than they hold).
        case raw([UInt8])
        /// These bytes exactly, then silence with the connection open until the server stops.
        case rawThenHang([UInt8])
        /// Close the connection without answering.
        case close
        /// Reset the connection (RST) without answering.
        case reset
        /// Never answer; the connection stays open until the server stops.
        case hang

        /// A 200 with a JSON body.
        package static func json(_ text: String, status: Int = 200) -> Reply {
            .respond(status: status, body: Array(text.utf8))
        }
    }

    /// The port the server listens on.
    package let port: Int
    /// `http://127.0.0.1:<port>`.
    package var url: MintURL {
        get throws { try MintURL("http://127.0.0.1:\(port)") }
    }

    private let listener: Int32
    private let handler: @Sendable (Int, Request) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []
    private var openConnections: [Int32] = []
    private var stopped = false

    /// Starts listening.
    /// - Parameter handler: chooses the reply to the `index`-th request (0-based, in arrival order).
    package init(handler: @escaping @Sendable (_ index: Int, _ request: Request) -> Reply) throws {
        (listener, port) = try Self.makeListener(backlog: 16)
        self.handler = handler
        let server = self
        Thread.detachNewThread { server.acceptLoop() }
    }

    deinit { stop() }

    /// The requests read so far.
    package var requests: [Request] { lock.withLock { received } }

    /// Stops accepting and closes every connection still open.
    package func stop() {
        let connections = lock.withLock { () -> [Int32]? in
            guard !stopped else { return nil }
            stopped = true
            defer { openConnections = [] }
            return openConnections
        }
        guard let connections else { return }
        // Only shut down: the accept loop closes the listener when it leaves. Closing it here let the loop, between
        // two accepts, call accept on the same descriptor number after the kernel had handed it to another test's
        // listener, and take that server's connections (a request answered, but never seen by its own server).
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in connections {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    /// A port on 127.0.0.1 where nothing listens (outside the kernel's ephemeral range, so nothing takes it).
    package static func closedPort() throws -> Int {
        try TestPort.reserve()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let fd = accept(listener, nil, nil)
            if lock.withLock({ stopped }) {
                if fd >= 0 { close(fd) }
                return
            }
            if fd < 0 { continue }
            let server = self
            Thread.detachNewThread { server.serve(fd) }
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = Self.readRequest(fd) else {
            close(fd)
            return
        }
        let index = lock.withLock { () -> Int in
            received.append(request)
            return received.count - 1
        }
        switch handler(index, request) {
        case .respond(let status, let body):
            let head =
                "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(body.count)"
                + "\r\nConnection: close\r\n\r\n"
            Self.write(fd, Array(head.utf8) + body)
            close(fd)
        case .raw(let bytes):
            Self.write(fd, bytes)
            close(fd)
        case .rawThenHang(let bytes):
            Self.write(fd, bytes)
            keepOpen(fd)
        case .close:
            close(fd)
        case .reset:
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            close(fd)
        case .hang:
            keepOpen(fd)
        }
    }

    private func keepOpen(_ fd: Int32) {
        let closeNow = lock.withLock { () -> Bool in
            if stopped { return true }
            openConnections.append(fd)
            return false
        }
        if closeNow { close(fd) }
    }

    private static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads one request: the head up to the blank line, then `Content-Length` bytes of body.
    private static func readRequest(_ fd: Int32) -> Request? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        var contentLength = 0
        while true {
            if headEnd == nil, let range = buffer.firstRange(of: separator) {
                headEnd = range.upperBound
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        contentLength = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
            }
            if let headEnd, buffer.count - headEnd >= contentLength { break }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<(headEnd - 4)], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return Request(
            method: String(requestLine[0]),
            path: String(requestLine[1]),
            headers: headers,
            body: Array(buffer[headEnd..<(headEnd + contentLength)])
        )
    }

    /// A listening socket on 127.0.0.1 and an ephemeral port.
    package static func makeListener(backlog: Int32) throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, backlog) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }
}
