// LinuxWallet: a mint that moved to another URL, with the proxy it is reached through and the mint-list backup.

import CoreCashu

extension LinuxWallet {
    /// Moves everything the wallet keeps of the mint at `old` to `new` (`Wallet.moveMint(from:to:)`), reaching `new`
    /// the way `old` was reached (a proxy of its own moves with it) and dropping `old` from the NUT-27 mint-list
    /// backup.
    /// - Returns: how many proofs moved.
    /// - Throws: what `Wallet.moveMint(from:to:)` throws; nothing has moved then.
    @discardableResult
    public func moveMint(from old: MintURL, to new: MintURL) async throws(WalletError) -> Int {
        let routes = httpClient.routes
        let own = routes[old]
        // Before the check at `new`: an .onion mint that moved must not be asked directly.
        if let own { try await setProxy(own, for: new) }
        let moved: Int
        do { moved = try await wallet.moveMint(from: old, to: new) } catch {
            // `new` goes back to the way it had (none of its own, or its own).
            if own != nil { try? await setProxy(routes[new], for: new) }
            throw error
        }
        if own != nil { try? await setProxy(nil, for: old) }
        try? await forgetMintInBackup(old)
        return moved
    }
}
