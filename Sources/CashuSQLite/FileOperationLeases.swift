// Storage: operation leases as `flock` locks on one file per operation, which the kernel drops with the process.

import CashuEngine
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Leases held as `flock(LOCK_EX)` on `<directory>/<operation id>.lock` (``SQLiteWalletStore`` puts them in
/// `locks/` next to the database).
///
/// - The kernel drops a `flock` when its process ends, however it ends: a killed process's operations are free at
///   once, with no expiry to wait for and no pid to trust.
/// - A `flock` belongs to an open file description and every ``acquire(_:)`` opens the file anew, so two wallets in
///   one process exclude each other as two processes do.
/// - A holder removes its lock file before letting go. A taker that locked a file removed meanwhile (its inode no
///   longer at the path) lets go and tries again, so there is never more than one holder.
/// - The directory is 0700 and lock files 0600 (set after creation, so the umask cannot loosen them and existing
///   ones are tightened; the umask itself is process-wide and left alone).
package final class FileOperationLeases: OperationLeases {
    /// Where the lock files are.
    package let directory: URL

    /// Leases with their lock files in `directory` (created on first use).
    /// - Parameter directory: a directory only this wallet's owner can reach.
    package init(directory: URL) {
        self.directory = directory
    }

    /// Takes the lease of an operation unless another process, or another wallet in this one, holds it.
    /// - Parameter id: the operation.
    /// - Returns: the lease, or `nil` when it is held.
    /// - Throws: `StorageError` `unavailable` when the directory or the lock file cannot be made or locked.
    package func acquire(_ id: OperationID) throws(StorageError) -> (any OperationLease)? {
        try prepareDirectory()
        let path = directory.appendingPathComponent(try Self.fileName(id)).path
        // Each round loses only to a holder that removed the file after we opened it; a few rounds always suffice.
        for _ in 0..<64 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw Self.failure("cannot open an operation's lock file", errno) }
            var result: Int32
            repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
            if result != 0 {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK || code == EAGAIN { return nil }
                throw Self.failure("cannot lock an operation's lock file", code)
            }
            var held = stat()
            var current = stat()
            guard fstat(descriptor, &held) == 0 else {
                let code = errno
                close(descriptor)
                throw Self.failure("cannot inspect an operation's lock file", code)
            }
            guard stat(path, &current) == 0, current.st_ino == held.st_ino, current.st_dev == held.st_dev else {
                close(descriptor)
                continue
            }
            if held.st_mode & 0o777 != 0o600 && fchmod(descriptor, 0o600) != 0 {
                let code = errno
                close(descriptor)
                throw Self.failure("cannot make an operation's lock file private", code)
            }
            return FileOperationLease(operationID: id, path: path, descriptor: descriptor)
        }
        throw StorageError(.unavailable, "an operation's lock file keeps being replaced")
    }

    /// Removes the lock files no one holds, except those of `open` operations; a file someone holds stays.
    /// - Parameter open: the unfinished operations.
    /// - Returns: how many lock files were removed.
    /// - Throws: `StorageError` `unavailable` when the directory cannot be listed.
    package func removeAbandoned(except open: Set<OperationID>) throws(StorageError) -> Int {
        let names: [String]
        do {
            guard FileManager.default.fileExists(atPath: directory.path) else { return 0 }
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw StorageError(.unavailable, "cannot list the lock directory", underlying: error)
        }
        var removed = 0
        for name in names {
            guard let id = Self.operationID(fileName: name), !open.contains(id) else { continue }
            // Taking the lease proves no one holds it; giving it back removes the file.
            if let lease = try acquire(id) {
                lease.release()
                removed += 1
            }
        }
        return removed
    }

    /// Creates the directory 0700 if missing, and refuses anything at its path that is not a directory.
    private func prepareDirectory() throws(StorageError) {
        let path = directory.path
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw Self.failure("cannot create the lock directory", errno)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Self.failure("cannot inspect the lock directory", errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StorageError(.unavailable, "the lock directory's path is not a directory")
        }
        if info.st_mode & 0o777 != 0o700 && chmod(path, 0o700) != 0 {
            throw Self.failure("cannot make the lock directory private", errno)
        }
    }

    /// The lock file's name: the id itself when it is a plain identifier (every id the wallet makes is a UUID), else
    /// its UTF-8 bytes in hex, so that no id can name a path outside the directory.
    static func fileName(_ id: OperationID) throws(StorageError) -> String {
        let plain = id.rawValue.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a)
                || byte == 0x2d || byte == 0x5f
        }
        if plain && !id.rawValue.isEmpty && id.rawValue.utf8.count <= 100 { return id.rawValue + ".lock" }
        guard id.rawValue.utf8.count <= 100 else {
            throw StorageError(.unavailable, "an operation id is too long to name a lock file")
        }
        return "x-" + id.rawValue.utf8.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + ".lock"
    }

    /// The operation a lock file is for; `nil` for any other file.
    static func operationID(fileName name: String) -> OperationID? {
        guard name.hasSuffix(".lock") else { return nil }
        let stem = String(name.dropLast(5))
        guard stem.hasPrefix("x-") else { return stem.isEmpty ? nil : OperationID(rawValue: stem) }
        let hex = Array(stem.utf8.dropFirst(2))
        guard hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return String(validating: bytes, as: UTF8.self).map(OperationID.init(rawValue:))
    }

    private static func failure(_ reason: String, _ code: Int32) -> StorageError {
        StorageError(.unavailable, reason, underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
