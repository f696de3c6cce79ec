// Test support: a loopback port whose accept queue is full, so a new connection attempt hangs until it times out.

import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening socket with a backlog of 0 that never accepts, already holding one queued connection.
///
/// Linux drops the SYN of any further connection attempt while the accept queue is full, so a client's connect
/// neither succeeds nor fails: it runs into its connect timeout.
package final class UnacceptingListener: @unchecked Sendable {
    /// The port that does not answer connection attempts.
    package let port: Int
    private let listener: Int32
    private var fillers: [Int32] = []

    package init() throws {
        (listener, port) = try LoopbackServer.makeListener(backlog: 0)
        // Fill the queue: a backlog of 0 admits one connection.
        for _ in 0..<2 {
            let fd = socket(
                AF_INET,
                Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
                0
            )
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            fillers.append(fd)
        }
        usleep(100_000)
    }

    deinit {
        for fd in fillers { close(fd) }
        close(listener)
    }

    /// `http://127.0.0.1:<port>`.
    package var url: MintURL {
        get throws { try MintURL("http://127.0.0.1:\(port)") }
    }
}
