// Wallet: what a front end remembers about how the wallet is used — its default mint and the receiving key it
// publishes (NUT-11) — kept in the wallet's store, so that every front end over one wallet agrees.

extension Wallet {
    /// The metadata keys, with the ones the `cashu` command line used before the library kept these (read, never
    /// written, so a wallet made by an older `cashu` keeps its choices).
    enum PreferenceKey {
        static let defaultMint = "wallet.default-mint"
        static let receivingKey = "wallet.receiving-key"
        static let legacyDefaultMint = "cli.default-mint"
        static let legacyReceivingKey = "cli.p2pk-pubkey"
    }

    /// The mint a front end acts on when the user names none, if one was set.
    public func defaultMint() async throws(WalletError) -> MintURL? {
        let text = try await read { tx in
            try tx.metadata(PreferenceKey.defaultMint) ?? tx.metadata(PreferenceKey.legacyDefaultMint)
        }
        guard let text, !text.isEmpty else { return nil }
        return try? MintURL(text)
    }

    /// Makes `url` the default mint; `nil` clears it.
    public func setDefaultMint(_ url: MintURL?) async throws(WalletError) {
        try await write { tx in try tx.setMetadata(PreferenceKey.defaultMint, url?.rawValue ?? "") }
    }

    /// The receiving key this wallet publishes (others lock tokens to it with NUT-11), if it has one yet.
    public func publishedReceivingKey() async throws(WalletError) -> Point? {
        let hex = try await read { tx in
            try tx.metadata(PreferenceKey.receivingKey) ?? tx.metadata(PreferenceKey.legacyReceivingKey)
        }
        guard let hex, !hex.isEmpty else { return nil }
        return try? Point(hex: hex)
    }

    /// The receiving key this wallet publishes: the one it has, or a new one derived from the seed
    /// (``newReceivingKey()``) and remembered, so that a wallet restored from its phrase still claims what was locked
    /// to it.
    public func receivingKey() async throws(WalletError) -> Point {
        if let known = try await publishedReceivingKey() { return known }
        let fresh = try await newReceivingKey()
        // Two front ends may both have derived one: the first remembered stays, the other is an unused key.
        let kept = try await write { tx -> String in
            if let known = try tx.metadata(PreferenceKey.receivingKey), !known.isEmpty { return known }
            try tx.setMetadata(PreferenceKey.receivingKey, fresh.hex)
            return fresh.hex
        }
        return (try? Point(hex: kept)) ?? fresh
    }
}
