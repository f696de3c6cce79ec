// Storage: a wallet in one SQLite file.

import CashuEngine
import Foundation

extension WalletStorage {
    /// The wallet in the SQLite file at `path` (created with mode 0600 when missing, write-ahead logging), its
    /// records sealed with keys from the recovery phrase.
    /// - Throws: `WalletError` `storage` when the file cannot be opened or migrated.
    public static func sqlite(path: String) throws(WalletError) -> WalletStorage {
        do { return WalletStorage(try SQLiteWalletStore(path: path)) } catch {
            throw WalletError(.storage, "the wallet's database cannot be opened: \(error.reason)", underlying: error)
        }
    }
}
