// Test support: loopback ports for servers that must bind a known port (mints restarted on their port, redis, a
// port where nothing listens), chosen where no other socket of the machine is handed a port by the kernel.

import CoreCashu
import Foundation

/// Ports on 127.0.0.1 for the tests' own servers.
///
/// A port picked by binding port 0 comes from the kernel's ephemeral range (32768–60999 on Linux): once released,
/// the next `bind(0)` or outgoing connection of any test may be given it, and a mint restarted on "its" port then
/// fails with "address already in use". Ports from ``range``, below the ephemeral range, are never handed out by the
/// kernel; this process never hands one out twice, and `scripts/test-mint/start` picks its own ports from the range
/// just above (retrying when another start won the race).
package enum TestPort {
    /// Below Linux's default ephemeral range, where the kernel never picks a port by itself; `scripts/test-mint/start`
    /// picks its own from 26000–31999, so it never takes one of these while a test has it unbound (a mint restarting).
    package static let range = 20_000..<26_000

    private static let handedOut = Locked<Set<Int>>([])

    /// A port in ``range`` that is free now and that no other caller in this process has been given.
    package static func reserve() throws -> Int {
        for _ in 0..<500 {
            let port = Int.random(in: range)
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            if isFree(port) { return port }
        }
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "no free port in \(range)"])
    }

    /// Whether a listener could bind `port` on 127.0.0.1 now (with `SO_REUSEADDR`, as the servers do).
    package static func isFree(_ port: Int) -> Bool {
        guard let fd = boundSocket(port) else { return false }
        close(fd)
        return true
    }

    /// A socket listening on a reserved port that never accepts: connections complete in the kernel's backlog and
    /// requests are never answered (a mint that hangs). Close `fd` when done.
    package static func silentListener() throws -> (fd: Int32, port: Int) {
        let port = try reserve()
        guard let fd = boundSocket(port) else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "cannot bind port \(port)"])
        }
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "cannot listen on \(port)"])
        }
        return (fd, port)
    }

    /// A TCP socket bound to 127.0.0.1:`port` (with `SO_REUSEADDR`), or `nil` when the port is taken.
    private static func boundSocket(_ port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard bound else {
            close(fd)
            return nil
        }
        return fd
    }
}
