// Platform: a plaintext file-backed SecureStore for tests and explicit opt-in only (0600, atomic writes).

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``SecureStore`` keeping secrets in one JSON file, unencrypted.
///
/// For tests and for hosts that opted in knowingly: the file is created 0600 and replaced atomically (write to a
/// temporary file, fsync, rename, fsync of the directory), writers in several processes are serialised by an
/// advisory lock on a sibling `.lock` file (so the CLI and the refresh timer never drop each other's secrets), but
/// anyone who can read it has the wallet. The Linux platform layer supplies
/// libsecret and encrypted-file stores for real use.
package actor FileSecureStore: SecureStore {
    private let url: URL

    /// A store in `file` (created on first save).
    package init(file: URL) {
        self.url = file
    }

    package func load(key: String) async throws -> SecureBytes? {
        try readAll()[key].map { SecureBytes($0) }
    }

    package func save(_ value: SecureBytes, key: String) async throws {
        try withWriteLock {
            var all = try readAll()
            all[key] = value.exposedSecretBytes
            try writeAll(all)
        }
    }

    package func delete(key: String) async throws {
        try withWriteLock {
            var all = try readAll()
            guard all.removeValue(forKey: key) != nil else { return }
            try writeAll(all)
        }
    }

    /// Runs a read-modify-write under an exclusive `flock` on `<file>.lock`, held across processes.
    private func withWriteLock(_ body: () throws -> Void) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lockPath = url.path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StorageError(.unavailable, "cannot open the secure store's lock file (errno \(errno))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw StorageError(.unavailable, "cannot lock the secure store file (errno \(errno))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        try body()
    }

    private func readAll() throws -> [String: [UInt8]] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let data = try Data(contentsOf: url)
        let encoded = try JSONDecoder().decode([String: String].self, from: data)
        var result: [String: [UInt8]] = [:]
        for (key, value) in encoded {
            guard let bytes = Data(base64Encoded: value) else {
                throw StorageError(.corrupt, "secure store file holds a value that is not base64")
            }
            result[key] = Array(bytes)
        }
        return result
    }

    private func writeAll(_ values: [String: [UInt8]]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(values.mapValues { Data($0).base64EncodedString() })
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw StorageError(.unavailable, "cannot create the secure store file")
        }
        let handle = try FileHandle(forWritingTo: temporary)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw StorageError(.unavailable, "cannot replace the secure store file (errno \(errno))")
        }
        // The rename is durable only once the directory is.
        let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            defer { close(directoryDescriptor) }
            guard fsync(directoryDescriptor) == 0 else {
                throw StorageError(.unavailable, "cannot fsync the secure store's directory (errno \(errno))")
            }
        }
    }
}
