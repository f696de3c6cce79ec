// Test support: the service manager's side of sd_notify — a datagram socket bound where NOTIFY_SOCKET points, as
// systemd listens, reading what a service tells it.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bound `AF_UNIX` datagram socket in a temporary directory.
package final class NotifySocket: @unchecked Sendable {
    // @unchecked: `fd` is set once; reads happen one at a time on their own threads.
    /// The socket's path: the value for `NOTIFY_SOCKET`.
    package let path: String
    private let fd: Int32
    private let directory: URL

    package init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("s").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
    }

    deinit {
        close(fd)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The next message, or `nil` when none arrives within `timeout`.
    package func receive(timeout: Duration) async -> String? {
        let fd = fd
        let parts = timeout.components
        let milliseconds = Int32(clamping: parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, milliseconds) == 1 else { return continuation.resume(returning: nil) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = recv(fd, &buffer, buffer.count, 0)
                continuation.resume(returning: count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil)
            }
        }
    }

    /// Messages until one contains `text` (returned), or `nil` after `timeout` in all.
    package func wait(for text: String, timeout: Duration) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let message = await receive(timeout: deadline - ContinuousClock.now), message.contains(text) {
                return message
            }
        }
        return nil
    }
}
