// LinuxWallet: named wallets side by side (`cashu --wallet NAME`, `cashu wallets`), each in a directory of its own.

import CashuEngine
import CoreCashu
import Foundation

extension WalletDirectory {
    /// The folder under a wallet directory that holds the other named wallets.
    static let namedWalletsFolder = "wallets"

    /// The directory of the wallet called `name` beside the one in this directory: this directory itself for
    /// `default`, else `wallets/NAME` inside it. Each has its own database, secure store record and open lock.
    /// - Throws: `LinuxWalletError` `configuration` for a name that is not 1-32 of a-z, 0-9 and `_` starting with a
    ///   letter.
    public func wallet(named name: String) throws -> WalletDirectory {
        if let problem = WalletName.problem(with: name) { throw LinuxWalletError(.configuration, problem) }
        if name == WalletName.standard { return self }
        return WalletDirectory(
            url: url.appendingPathComponent(Self.namedWalletsFolder, isDirectory: true)
                .appendingPathComponent(name, isDirectory: true))
    }

    /// The names of the wallets beside the one in this directory: `default`, then every valid name under
    /// `wallets/` in order (whether each holds a wallet yet is for `LinuxWallet.exists(_:)` to say).
    public func walletNames() -> [String] {
        let folder = url.appendingPathComponent(Self.namedWalletsFolder, isDirectory: true)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let named = entries.filter { entry in
            var isDirectory: ObjCBool = false
            return entry != WalletName.standard && WalletName.problem(with: entry) == nil
                && FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(entry).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        return [WalletName.standard] + named.sorted()
    }
}
