// SecureStore: owner-only files — 0700 directories, atomic 0600 replacement (temp, fsync, rename, fsync directory),
// and an advisory lock serialising writers across processes.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File operations for secrets; all blocking, all throwing ``SecureStoreError`` `.fileSystem` with the errno.
enum PrivateFiles {
    /// Creates `directory` (and missing parents) with mode 0700; an existing directory is left as it is.
    static func createDirectory(_ directory: URL) throws(SecureStoreError) {
        do {
            try FileManager.default.createDirectory(
                at: directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw SecureStoreError(.fileSystem, "cannot create the directory \(directory.path)", underlying: error)
        }
    }

    /// Creates `directory` 0700 if missing, and makes an existing one 0700 when others may enter it — unless it is
    /// not ours or is a shared sticky directory such as /tmp, which is never touched.
    static func makePrivateDirectory(_ directory: URL) throws(SecureStoreError) {
        try createDirectory(directory)
        var info = stat()
        guard stat(directory.path, &info) == 0 else { throw failure("cannot inspect", directory) }
        let isShared = info.st_mode & S_ISVTX != 0 || info.st_uid != geteuid()
        if info.st_mode & 0o077 != 0, !isShared, chmod(directory.path, 0o700) != 0 {
            throw failure("cannot make private (0700)", directory)
        }
    }

    /// The contents of `file`, or `nil` when it does not exist.
    static func contents(of file: URL, limit: Int) throws(SecureStoreError) -> Data? {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("cannot open", file)
        }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read", file)
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
            guard data.count <= limit else {
                throw SecureStoreError(.corrupt, "\(file.lastPathComponent) is larger than \(limit) bytes")
            }
        }
        return data
    }

    /// Replaces `file` with `data` atomically: a 0600 temporary file in the same directory, written and fsynced,
    /// renamed over `file`, then the directory fsynced so the rename survives a crash.
    static func replace(_ file: URL, with data: Data) throws(SecureStoreError) {
        let directory = file.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create", temporary) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(SecureStoreError) {
            guard fchmod(descriptor, 0o600) == 0 else { throw failure("cannot set 0600 on", temporary) }
            try writeAll(data, to: descriptor, file: temporary)
            guard fsync(descriptor) == 0 else { throw failure("cannot fsync", temporary) }
            closed = true
            guard close(descriptor) == 0 else { throw failure("cannot close", temporary) }
            guard rename(temporary.path, file.path) == 0 else { throw failure("cannot rename over", file) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        try syncDirectory(directory)
    }

    /// Runs `body` holding an exclusive `flock` on `lockFile` (created 0600), so writers in other processes wait.
    static func withExclusiveLock<T>(
        _ lockFile: URL,
        _ body: () throws(SecureStoreError) -> T
    ) throws(SecureStoreError) -> T {
        let descriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot open the lock file", lockFile) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("cannot lock", lockFile) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, file: URL) throws(SecureStoreError) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write", file)
            }
            offset += written
        }
    }

    private static func syncDirectory(_ directory: URL) throws(SecureStoreError) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open", directory) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("cannot fsync", directory) }
    }

    private static func failure(_ what: String, _ file: URL) -> SecureStoreError {
        let code = errno
        return SecureStoreError(.fileSystem, "\(what) \(file.path): \(String(cString: strerror(code))) (errno \(code))")
    }
}
