// Service: the systemd notification protocol (sd_notify(3)) — readiness, stopping, the watchdog — as datagrams to the
// socket systemd names in NOTIFY_SOCKET, without libsystemd.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells the service manager about the service's state; does nothing when not started by one (no `NOTIFY_SOCKET`).
package struct SystemdNotifier: Sendable {
    /// The socket: a path, or an abstract socket's name after `@`; `nil` when there is none.
    package let socketPath: String?
    /// How often the manager expects `WATCHDOG=1` (`WATCHDOG_USEC`, when `WATCHDOG_PID` is unset or this process).
    package let watchdogInterval: Duration?

    /// Reads the protocol's variables from `environment`.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment, pid: Int32 = getpid()) {
        let path = environment["NOTIFY_SOCKET"] ?? ""
        socketPath = path.hasPrefix("/") || (path.hasPrefix("@") && path.count > 1) ? path : nil
        let forThisProcess = environment["WATCHDOG_PID"].map { Int32($0) == pid } ?? true
        if let usec = environment["WATCHDOG_USEC"].flatMap({ UInt64($0) }), usec > 0, forThisProcess {
            watchdogInterval = .microseconds(Int64(clamping: usec))
        } else {
            watchdogInterval = nil
        }
    }

    /// Sends `state` (newline-separated `KEY=VALUE` lines such as `READY=1`).
    /// - Returns: whether it was sent (`false` without a socket, or when sending failed: never an error, as a
    ///   service must run the same with or without a manager).
    @discardableResult
    package func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        var bytes = Array(socketPath.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        var address = sockaddr_un()
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in path.copyBytes(from: bytes) }
        // A path is NUL-terminated; an abstract name's length is exactly its bytes.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let message = Array(state.utf8)
        let sent = message.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), socketAddress, length)
                }
            }
        }
        return sent == message.count
    }
}
