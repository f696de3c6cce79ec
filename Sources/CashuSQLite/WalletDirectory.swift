// Storage: the directory a wallet keeps its files in, private to its owner (the XDG default is LinuxCashu's).

import CashuEngine
import Foundation

/// The directory a wallet keeps its database in, readable by its owner only (0700).
public struct WalletDirectory: Hashable, Sendable {
    /// The directory.
    public let url: URL

    /// The name of the database file inside the directory.
    package static let databaseFileName = "wallet.sqlite"

    /// A wallet directory at `url`.
    /// - Parameter url: a file URL; it is created by `create()`.
    public init(url: URL) {
        self.url = url
    }

    /// The wallet database file, `wallet.sqlite`.
    package var databaseURL: URL { url.appendingPathComponent(Self.databaseFileName) }

    /// Creates the directory (and its missing parents, with the usual permissions) and makes it 0700.
    /// - Throws: `StorageError` with code `unavailable` when it cannot be created or its permissions set.
    package func create() throws(StorageError) {
        let files = FileManager.default
        do {
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !files.fileExists(atPath: url.path) {
                try files.createDirectory(at: url, withIntermediateDirectories: false)
            }
            // Set after creation so that the umask cannot loosen it, and so that an existing directory is tightened.
            try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        } catch {
            throw StorageError(.unavailable, "the wallet directory cannot be created", underlying: error)
        }
    }
}
