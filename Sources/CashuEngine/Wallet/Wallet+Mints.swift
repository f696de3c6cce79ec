// Wallet: adding, listing and removing mints; their cached capabilities (NUT-06).

import Foundation

extension Wallet {
    /// Adds a mint (or refreshes a known one): fetches its info and keysets.
    /// - Returns: the mint's capabilities.
    /// - Throws: ``WalletError`` (`mintUnreachable`, `keysetMismatch`, `storage`).
    @discardableResult
    public func addMint(_ url: MintURL) async throws(WalletError) -> MintCapabilities {
        let info: MintInfo
        do {
            info = try await connector(url).info()
        } catch {
            throw WalletError.mint(error)
        }
        let capabilities = MintCapabilities(info: info)
        let json = try Self.encodeJSON(MintCapabilities.Stored(capabilities))
        try await write { tx in
            let added = try tx.mint(url: url)?.addedAt ?? Date()
            try tx.saveMint(StoredMint(url: url, infoJSON: json, infoFetchedAt: Date(), addedAt: added))
        }
        connectors[url] = nil  // rebuilt with the new capabilities on next use
        blindAuthKeysets[url] = nil
        connectorGenerations[url, default: 0] += 1
        _ = try await syncKeysets(url, force: true)
        logger.debug("mint added", metadata: ["mint": "\(url)"])
        return capabilities
    }

    /// The mints of the wallet.
    public func mints() async throws(WalletError) -> [StoredMint] {
        try await read { tx in try tx.mints() }
    }

    /// A mint's stored capabilities.
    /// - Throws: ``WalletError`` `unknownMint` when the mint was not added.
    public func capabilities(of url: MintURL) async throws(WalletError) -> MintCapabilities {
        guard let mint = try await read({ tx in try tx.mint(url: url) }) else {
            throw WalletError(.unknownMint, "mint \(url) is not in this wallet")
        }
        guard let json = mint.infoJSON,
            let capabilities = try? JSONDecoder().decode(MintCapabilities.Stored.self, from: Data(json)).capabilities
        else {
            return MintCapabilities(info: MintInfo())
        }
        return capabilities
    }

    /// Removes a mint. Refused while the wallet holds unspent, reserved, pending or sent proofs of it.
    /// - Throws: ``WalletError`` `invalidInput` when it still holds funds.
    public func removeMint(_ url: MintURL) async throws(WalletError) {
        try await write { tx in
            let held = try tx.proofs(mintURL: url, unit: nil, statuses: [.unspent, .reserved, .pending, .sent])
            guard held.isEmpty else {
                throw WalletError(.invalidInput, "mint \(url) still holds \(held.count) proofs; spend them first")
            }
            // Its open operations and paid quotes still need its keys to settle. A blind auth mint left open carries
            // no value: it is closed with the mint.
            let open = try tx.unfinishedOperations().filter { $0.mintURL == url }
            guard !open.contains(where: { $0.kind != .blindAuth }),
                try !self.openTransfers(tx).contains(where: { $0.1.to == url }),
                try !tx.mintQuotes(mintURL: url).contains(where: { $0.state == .paid })
            else {
                throw WalletError(
                    .invalidInput, "mint \(url) has unfinished operations or paid quotes; settle them first")
            }
            for operation in open { try self.close(tx, operation, state: .failed, history: .failed) }
            try tx.removeKeysets(mintURL: url)
            // Its blind auth tokens (NUT-22) open nothing elsewhere and carry no value.
            _ = try tx.removeAuthProofs(mintURL: url)
            try tx.removeMint(url: url)
        }
        blindAuthKeysets[url] = nil
        connectors[url] = nil
        connectorGenerations[url, default: 0] += 1
        syncedKeysets.remove(url)
    }

    /// Throws `unknownMint` unless the mint was added.
    func requireMint(_ url: MintURL) async throws(WalletError) {
        guard try await read({ tx in try tx.mint(url: url) }) != nil else {
            throw WalletError(.unknownMint, "mint \(url) is not in this wallet; add it first")
        }
    }
}
