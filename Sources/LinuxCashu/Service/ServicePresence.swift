// Service: `service.lock` in the wallet directory — held (shared) by every `cashu daemon run` on the wallet, so the
// refresh timer can tell that a service already does its work.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running service's mark on its wallet: a shared `flock` on `service.lock`, gone with the process.
public final class ServicePresence: Sendable {
    /// The lock file's name in the wallet directory.
    package static let fileName = "service.lock"

    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Marks a service as running on the wallet in `directory` until this value is released (several may).
    /// - Returns: `nil` when the lock file cannot be opened or locked (the service runs unmarked).
    package static func hold(in directory: URL) -> ServicePresence? {
        let fd = open(directory.appendingPathComponent(fileName).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_SH) == 0 else {
            close(fd)
            return nil
        }
        return ServicePresence(fd: fd)
    }

    /// Whether a service runs on the wallet in `directory` now.
    ///
    /// The test takes the exclusive lock for an instant; two tests at once would see each other as a service, so
    /// they take turns on `service.lock.probe` first.
    public static func isRunning(in directory: URL) -> Bool {
        let fd = open(directory.appendingPathComponent(fileName).path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let turn = open(directory.appendingPathComponent(fileName + ".probe").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if turn >= 0 { flock(turn, LOCK_EX) }
        defer { if turn >= 0 { close(turn) } }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }
}
