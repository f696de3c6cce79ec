// LinuxWallet: the lock that makes opening (and creating) one wallet directory one process at a time.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on `<wallet directory>/open.lock`, held while a wallet's secure store is chosen and its
/// engine opened. Two processes creating the same new wallet (two commands at once) would otherwise each make a
/// recovery phrase, and one could hold ecash derived from a phrase the other overwrote. Held for the scope of
/// ``holding(in:_:)``, or until the process ends (the kernel releases it).
struct WalletOpenLock: ~Copyable {
    static let fileName = "open.lock"

    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Runs `body` holding the lock, and releases it however `body` ends.
    static func holding<T>(in directory: URL, _ body: () async throws -> T) async throws -> T {
        let lock = try await acquire(in: directory)
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        lock.release()
        return try result.get()
    }

    /// Waits (without blocking a thread) until the lock is this process's.
    private static func acquire(in directory: URL) async throws(LinuxWalletError) -> WalletOpenLock {
        let path = directory.appendingPathComponent(fileName).path
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw LinuxWalletError(.storage, "cannot open \(path) (errno \(errno))")
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(descriptor)
                throw LinuxWalletError(.storage, "cannot lock \(path) (errno \(code))")
            }
            do { try await Task.sleep(for: .milliseconds(10)) } catch {
                close(descriptor)
                throw LinuxWalletError(.storage, "cancelled while waiting for \(path)")
            }
        }
        return WalletOpenLock(descriptor: descriptor)
    }

    /// Releases the lock.
    private consuming func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
