// Wallet: a mint that moved to another URL keeps its proofs, quotes and history (cdk-cli's update-mint-url).

import Foundation

extension Wallet {
    /// Moves everything the wallet keeps of the mint at `old` to its new URL `new`: the mint, its keysets, proofs,
    /// quotes, history, queue entries, blind auth tokens, its NUT-21 login and the default mint choice.
    ///
    /// Nothing moves unless `new` answers with every keyset the wallet knows of `old` (the same keyset ids, which are
    /// derived from the keys), `new` is not a mint of this wallet yet, and nothing is unfinished at `old` (an
    /// operation, a transfer to it, a queued entry): those carry the old URL in their journals. The move itself is
    /// one store transaction; then the wallet refreshes `new`'s info and keysets.
    /// - Returns: how many proofs moved.
    /// - Throws: ``WalletError``: `unknownMint` (`old` not added), `invalidInput` (`new` already added, the same URL,
    ///   or unfinished work at `old`), `mintUnreachable` and the mint's errors (`new` did not answer),
    ///   `keysetMismatch` (`new` lacks a keyset of `old`), `storage`.
    @discardableResult
    public func moveMint(from old: MintURL, to new: MintURL) async throws(WalletError) -> Int {
        guard old != new else { throw WalletError(.invalidInput, "the mint's new URL is its old one") }
        try await requireMint(old)
        let known = try await read { tx in
            try Self.checkMovable(tx, from: old, to: new, wallet: self)
            return try tx.keysets(mintURL: old).map(\.id)
        }
        let offered: Set<KeysetID>
        do {
            offered = Set(try await connectorFactory(new).keysets().keysets.map(\.id))
        } catch {
            throw WalletError.mint(error)
        }
        try Self.checkSameMint(known: known, offered: offered, old: old, new: new)
        let moved = try await write { tx -> Int in
            // Again inside the write: another process may have started something at `old`, or synced a keyset of
            // it, meanwhile.
            try Self.checkMovable(tx, from: old, to: new, wallet: self)
            try Self.checkSameMint(known: try tx.keysets(mintURL: old).map(\.id), offered: offered, old: old, new: new)
            let moved = try tx.moveMint(from: old, to: new)
            // The default as `defaultMint()` reads it: a wallet made by an older `cashu` keeps it under the old key.
            let current = try tx.metadata(PreferenceKey.defaultMint) ?? tx.metadata(PreferenceKey.legacyDefaultMint)
            if current == old.rawValue { try tx.setMetadata(PreferenceKey.defaultMint, new.rawValue) }
            return moved
        }
        await moveLogin(from: old, to: new)
        for url in [old, new] {
            connectors[url] = nil
            blindAuthKeysets[url] = nil
            connectorGenerations[url, default: 0] += 1
            syncedKeysets.remove(url)
        }
        // The records have moved; a refresh that fails now leaves the old info until the next one.
        do { _ = try await addMint(new) } catch {
            logger.notice(
                "the moved mint's info was not refreshed", metadata: ["mint": "\(new)", "error": "\(error.code)"])
        }
        logger.debug("mint moved", metadata: ["from": "\(old)", "to": "\(new)", "proofs": "\(moved)"])
        return moved
    }

    /// Throws `keysetMismatch` unless `new` serves every keyset the wallet knows of `old`, and it knows at least one
    /// (without one, any URL would pass for the same mint).
    private nonisolated static func checkSameMint(
        known: [KeysetID], offered: Set<KeysetID>, old: MintURL, new: MintURL
    ) throws(WalletError) {
        guard !known.isEmpty else {
            throw WalletError(
                .keysetMismatch,
                "the wallet knows no keyset of \(old) to compare with; refresh it (cashu mints add) first")
        }
        let missing = known.filter { !offered.contains($0) }
        guard missing.isEmpty else {
            throw WalletError(
                .keysetMismatch,
                "\(new) does not serve \(missing.count) of the \(known.count) keysets of \(old); not the same mint")
        }
    }

    /// Throws unless `new` is not a mint of the wallet and nothing is unfinished at `old`.
    private nonisolated static func checkMovable(
        _ tx: any WalletTransaction, from old: MintURL, to new: MintURL, wallet: Wallet
    ) throws {
        guard try tx.mint(url: new) == nil else {
            throw WalletError(.invalidInput, "\(new) is already a mint of this wallet")
        }
        let unfinished = try tx.unfinishedOperations().contains { $0.mintURL == old }
        let transfers = try wallet.openTransfers(tx).contains { $0.1.from == old || $0.1.to == old }
        let queued = try tx.queuedOperations(states: [.queued, .running], mintURL: old)
        guard !unfinished, !transfers, queued.isEmpty else {
            throw WalletError(
                .invalidInput,
                "\(old) has unfinished operations or queued payments; settle them first (cashu recover, cashu pending)")
        }
    }

    /// Moves the mint's NUT-21 login (its clear auth token) to the new URL; a failure leaves the user to log in again.
    private func moveLogin(from old: MintURL, to new: MintURL) async {
        guard let token = try? await secureStore.load(key: SecureStoreKey.clearAuth(old)) else { return }
        do {
            try await secureStore.save(token, key: SecureStoreKey.clearAuth(new))
            try await secureStore.delete(key: SecureStoreKey.clearAuth(old))
        } catch {
            logger.notice("the mint's login did not move; log in again", metadata: ["mint": "\(new)"])
        }
    }
}
