// Linux: the wallet directory's default place, after the XDG Base Directory specification ($XDG_DATA_HOME/cashu).

import CoreCashu
import Foundation

extension WalletDirectory {
    /// The XDG data directory's `cashu` folder: `$XDG_DATA_HOME/cashu`, or `$HOME/.local/share/cashu` when
    /// `XDG_DATA_HOME` is unset, empty or relative (the XDG Base Directory specification ignores relative paths).
    /// - Parameter environment: the environment to read, the process's by default.
    /// - Returns: the directory; nothing is created yet.
    /// - Throws: `WalletError` `storage` when neither variable gives an absolute path.
    public static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(WalletError) -> WalletDirectory {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return WalletDirectory(url: URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("cashu"))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw WalletError(.storage, "neither XDG_DATA_HOME nor HOME is an absolute path")
        }
        return WalletDirectory(
            url: URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/cashu"))
    }
}
