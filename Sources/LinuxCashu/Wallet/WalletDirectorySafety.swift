// LinuxWallet: the wallet directory's safety check — like ssh and gpg, a directory or wallet file another user could
// change (owned by someone else, writable by group or others, reached through someone else's symlink) is refused.

import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Refuses a wallet directory that another user could tamper with.
///
/// The rules (docs/cli.md, "The wallet directory"):
/// - The directory, when it exists, is owned by the effective uid and not writable by group or others. The euid is
///   compared even for root: root opening another user's wallet would leave root-owned files in it that lock the
///   owner out, so it is refused too (run `cashu` as the owner instead).
/// - The path may be a symbolic link when the link is owned by the effective uid (or root); the directory it points
///   to is then checked as above. A link owned by anyone else is refused without being followed.
/// - The wallet's files in it (the database, its WAL/SHM and migration lock, `open.lock`, `secure-store.json`,
///   `secrets.enc` and `secrets.json` with their locks, `locks/` and its lease files) are owned by the effective uid
///   and not writable by group or others. One that is a symbolic link must be ours and lead to an entry that passes.
/// - Readable-by-others is not refused: the wallet makes its directory 0700 and its files 0600 when it opens.
/// - The directories above the wallet directory are not checked (a wallet under /tmp is fine).
public enum WalletDirectorySafety {
    /// The files the wallet keeps directly in its directory.
    static let walletFiles: [String] = {
        let database = WalletDirectory.databaseFileName
        return [
            database, database + "-wal", database + "-shm", database + "-journal", database + ".migrate-lock",
            WalletOpenLock.fileName, SecureStoreRecord.fileName, EncryptedFileStore.defaultFileName,
            EncryptedFileStore.defaultFileName + ".lock", SecureStoreFactory.plaintextFileName,
            SecureStoreFactory.plaintextFileName + ".lock", WalletDatabaseBinding.fileName,
        ]
    }()
    /// The directory of operation leases (``SQLiteWalletStore/operationLeases``).
    static let leaseDirectoryName = "locks"

    /// Checks an existing wallet directory and the wallet files in it; a missing directory passes (it is created
    /// private).
    /// - Parameter directory: the wallet directory.
    /// - Throws: `LinuxWalletError` `unsafeDirectory` naming the path, the problem and the fix; `configuration` when
    ///   the path is not a directory (or a link to nothing); `storage` when it cannot be inspected.
    public static func check(_ directory: WalletDirectory) throws {
        try verify(directory)
    }

    /// ``check(_:)`` with its typed error, for the library's own callers.
    package static func verify(_ directory: WalletDirectory) throws(LinuxWalletError) {
        let path = directory.url.path
        var link = stat()
        guard lstat(path, &link) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw LinuxWalletError(.storage, "cannot inspect the wallet directory \(path): \(describe(code))")
        }
        let me = geteuid()
        if link.st_mode & S_IFMT == S_IFLNK && link.st_uid != me && link.st_uid != 0 {
            throw LinuxWalletError(
                .unsafeDirectory,
                "the wallet directory \(path) is a symbolic link owned by \(user(link.st_uid)), not by you "
                    + "(\(you())), so it is not followed; fix: point --dir or CASHU_DIR at the directory itself"
            )
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw LinuxWalletError(
                .configuration,
                "the wallet directory \(path) is a symbolic link to nowhere (\(describe(code)))"
            )
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw LinuxWalletError(.configuration, "the wallet directory \(path) is not a directory")
        }
        try checkOwnerAndMode(info, path: path, privateMode: "700", isWalletDirectory: true)
        for name in walletFiles {
            try checkEntry(directory.url.appendingPathComponent(name).path, privateMode: "600")
        }
        let leases = directory.url.appendingPathComponent(leaseDirectoryName)
        guard try checkEntry(leases.path, privateMode: "700") else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: leases.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".lock") {
            try checkEntry(leases.appendingPathComponent(name).path, privateMode: "600")
        }
    }

    /// Creates a missing wallet directory private from the start (mkdir 0700, and 0700 for its missing parents),
    /// then ``check(_:)``s it. An existing directory is not touched before it passes.
    /// - Throws: `LinuxWalletError` as ``check(_:)``; `storage` when the directory cannot be created.
    static func prepare(_ directory: WalletDirectory) throws(LinuxWalletError) {
        let path = directory.url.path
        var info = stat()
        if lstat(path, &info) != 0 && errno == ENOENT {
            let parent = directory.url.deletingLastPathComponent()
            // Missing parents are private too (the XDG base directory spec asks 0700 for $XDG_DATA_HOME); existing
            // ones are left as they are.
            do {
                try FileManager.default.createDirectory(
                    at: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw LinuxWalletError(
                    .storage,
                    "cannot create \(parent.path) for the wallet directory",
                    underlying: error
                )
            }
            // 0700 in mkdir itself: no moment when the new directory is open to others, whatever the umask.
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                let code = errno
                throw LinuxWalletError(.storage, "cannot create the wallet directory \(path): \(describe(code))")
            }
        }
        try verify(directory)
    }

    /// Checks one file (or the lease directory) when it exists. The wallet never makes links to its files: a
    /// symbolic link owned by someone else is refused unfollowed, and one of ours must lead to an existing entry that
    /// passes the same checks — a link to nothing would make the wallet create the file wherever it points.
    /// - Returns: whether it exists.
    @discardableResult
    private static func checkEntry(_ path: String, privateMode: String) throws(LinuxWalletError) -> Bool {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            let code = errno
            if code == ENOENT { return false }
            throw LinuxWalletError(.storage, "cannot inspect \(path) in the wallet directory: \(describe(code))")
        }
        guard link.st_mode & S_IFMT == S_IFLNK else {
            try checkOwnerAndMode(link, path: path, privateMode: privateMode, isWalletDirectory: false)
            return true
        }
        guard link.st_uid == geteuid() else {
            throw LinuxWalletError(
                .unsafeDirectory,
                "\(path) is a symbolic link owned by \(user(link.st_uid)), not by you (\(you())), so it is not "
                    + "followed; fix: check where it points, then remove it"
            )
        }
        var target = stat()
        guard stat(path, &target) == 0 else {
            let code = errno
            if code == ENOENT {
                throw LinuxWalletError(
                    .unsafeDirectory,
                    "\(path) is a symbolic link to nothing: the wallet would create its file wherever it points; "
                        + "fix: check where it points, then remove it"
                )
            }
            throw LinuxWalletError(.storage, "cannot inspect \(path) in the wallet directory: \(describe(code))")
        }
        try checkOwnerAndMode(target, path: path, privateMode: privateMode, isWalletDirectory: false)
        return true
    }

    private static func checkOwnerAndMode(
        _ info: stat,
        path: String,
        privateMode: String,
        isWalletDirectory: Bool
    ) throws(LinuxWalletError) {
        let me = geteuid()
        let what = isWalletDirectory ? "the wallet directory \(path)" : path
        if info.st_uid != me {
            let fix =
                isWalletDirectory
                ? "use a wallet directory of your own (--dir, CASHU_DIR), or run cashu as its owner"
                : "check it, then chown \(me) \(quoted(path))"
            throw LinuxWalletError(
                .unsafeDirectory,
                "\(what) belongs to \(user(info.st_uid)), not to you (\(you())); fix: \(fix)"
            )
        }
        let mode = info.st_mode & 0o7777
        if mode & 0o022 != 0 {
            throw LinuxWalletError(
                .unsafeDirectory,
                "\(what) is writable by group or others (mode \(octal(mode))), so another user could change the "
                    + "wallet; fix: chmod \(privateMode) \(quoted(path))"
            )
        }
    }

    /// "nobody (uid 65534)", or "uid N" when the user database has no name for it.
    static func user(_ uid: uid_t) -> String {
        userName(uid).map { "\($0) (uid \(uid))" } ?? "uid \(uid)"
    }

    /// The effective user: "root, uid 0".
    private static func you() -> String {
        let uid = geteuid()
        return userName(uid).map { "\($0), uid \(uid)" } ?? "uid \(uid)"
    }

    private static func userName(_ uid: uid_t) -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        return buffer.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress, getpwuid_r(uid, &entry, base, bytes.count, &found) == 0, found != nil,
                let name = entry.pw_name
            else { return nil }
            return String(cString: name)
        }
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `path` as a shell word, so that the fix can be pasted.
    private static func quoted(_ path: String) -> String {
        let safe = CharacterSet(charactersIn: "/._-+@%=:,").union(.alphanumerics)
        let plain = path.unicodeScalars.allSatisfy { $0.isASCII && safe.contains($0) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
