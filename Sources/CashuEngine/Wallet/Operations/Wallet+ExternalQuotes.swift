// Wallet: mint quotes another party asked for on the wallet's behalf (an npub.cash-style address service), recorded
// with their NUT-20 key before anything is minted, so that a claim killed at any step resumes and mints each once.

extension Wallet {
    /// Records quotes someone else asked for on this wallet's behalf, at mints the wallet holds, so that
    /// ``mintPaidQuotes(mint:)`` (or ``mint(quoteID:)``) mints them through the journaled mint path.
    ///
    /// `key` is saved in the secure store first, as the key of every locked quote's `pubkey`; then the quotes and
    /// `metadata` (an address service's cursor) are written in one transaction, so a cursor never passes a quote
    /// that is not stored. A quote the wallet already holds is left as it is (its state may be issued).
    /// - Parameters:
    ///   - quotes: the quotes, each with the mint's id, amount and unit, and the lock key when locked.
    ///   - key: the private key of the locked quotes' `pubkey` (`nil` when none is locked).
    ///   - metadata: values to store in the same transaction.
    /// - Returns: the ids of the quotes newly recorded.
    /// - Throws: ``WalletError`` `unknownMint`, `secureStore`, `storage`.
    package func recordExternalMintQuotes(
        _ quotes: [StoredMintQuote], key: Scalar?, metadata: [String: String] = [:]
    ) async throws(WalletError) -> [String] {
        for mint in Set(quotes.map(\.mintURL)) { try await requireMint(mint) }
        let locks = Set(quotes.compactMap(\.pubkey))
        if !locks.isEmpty {
            guard let key else {
                throw WalletError(.secureStore, "a quote is locked to a key the wallet was not given")
            }
            for pubkey in locks { try await saveLockingKey(key, .quote, as: pubkey) }
        }
        let recorded = try await write { tx -> [String] in
            var added: [String] = []
            for quote in quotes {
                guard try tx.mintQuote(id: quote.id) == nil else { continue }
                try tx.saveMintQuote(quote)
                added.append(quote.id)
            }
            for (name, value) in metadata { try tx.setMetadata(name, value) }
            return added
        }
        step(.recorded, .mint)
        return recorded
    }

    /// A value of the store's metadata (`nil` when absent).
    package func metadataValue(_ name: String) async throws(WalletError) -> String? {
        try await read { tx in try tx.metadata(name) }
    }

    /// Stores a value in the store's metadata.
    package func setMetadataValue(_ name: String, _ value: String) async throws(WalletError) {
        try await write { tx in try tx.setMetadata(name, value) }
    }
}
