// Test support: a fresh directory under the system's temporary directory, removed with the object.

import CoreCashu
import Foundation

/// A directory under the system's temporary directory, removed when released.
package final class TemporaryDirectory: Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Where a wallet database in it goes.
    package var databasePath: String { url.appendingPathComponent(WalletDirectory.databaseFileName).path }
}
