// Soak (issue 17): the wallets' own small disk (a tmpfs), which the fault injector fills to make the wallets' storage
// refuse writes (SQLITE_FULL, ENOSPC) for a while, as a full disk would; with `--postgres` (issue 30) it holds the
// soak's own PostgreSQL server's cluster too.

import CashuTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tmpfs of its own holding the soak's wallet directories, or a plain directory when mounting is not allowed
/// (not root): then there are no refused writes, and ``unavailableReason`` says why.
final class SoakDisk: Sendable {
    /// Where the wallet directories go.
    let root: URL
    let mounted: Bool
    let unavailableReason: String?
    private var filler: URL { root.appendingPathComponent("filler") }

    private init(root: URL, mounted: Bool, unavailableReason: String?) {
        self.root = root
        self.mounted = mounted
        self.unavailableReason = unavailableReason
    }

    /// Mounts a tmpfs of `megabytes` under the temporary directory (`cashu-soak-<pid>-<uuid>`, so scripts/soak can
    /// unmount what a killed run left behind). `sharedWithPostgres`: its root may be entered (not listed) by others,
    /// so that the `postgres` user can reach the soak's own server's cluster on it.
    static func make(megabytes: Int = 64, sharedWithPostgres: Bool = false) async throws -> SoakDisk {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("cashu-soak-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if sharedWithPostgres { chmod(root.path, 0o711) }
        guard geteuid() == 0 else {
            return SoakDisk(root: root, mounted: false, unavailableReason: "not root: no tmpfs to fill")
        }
        let outcome = try await ScriptRunner.run(
            "/bin/mount", arguments: [
                "-t", "tmpfs", "-o", "size=\(megabytes)m,mode=\(sharedWithPostgres ? "0711" : "0700")", "tmpfs",
                root.path,
            ],
            environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
        guard outcome.status == 0 else {
            return SoakDisk(root: root, mounted: false, unavailableReason: "mount refused: \(outcome.standardError)")
        }
        return SoakDisk(root: root, mounted: true, unavailableReason: nil)
    }

    /// Fills the disk to the last byte: from now on a write that needs a new block fails with ENOSPC.
    func fill() {
        guard mounted else { return }
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        for size in [1 << 20, 4096, 512, 1] {
            let chunk = [UInt8](repeating: 0x5A, count: size)
            while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, size) }) == size {}
        }
    }

    /// Frees the space ``fill()`` took.
    func drain() {
        unlink(filler.path)
    }

    /// Keeps a copy of `directory` (for a report after a loss) outside the disk.
    func preserve(_ directory: URL, into destination: URL) {
        try? FileManager.default.removeItem(at: destination)
        try? FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: directory, to: destination)
    }

    /// Unmounts the tmpfs (everything on it goes) and removes the mount point.
    func remove() async {
        drain()
        if mounted {
            _ = try? await ScriptRunner.run(
                "/bin/umount", arguments: [root.path], environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
        }
        try? FileManager.default.removeItem(at: root)
    }
}
