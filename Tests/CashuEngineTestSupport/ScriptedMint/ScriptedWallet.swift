// Test support: wallets wired to ScriptedMints (in-memory store and secure store), empty or already funded.

import CashuEngine

/// Opens ``Wallet``s whose connectors reach ``ScriptedMint``s, with in-memory stores: no network, no file.
package enum ScriptedWallet {
    /// A connector factory routing each mint's URL to its scripted mint, and each of `aliases` to its mint (a mint
    /// that moved: one mint under another URL); any other URL is unreachable.
    package static func connectorFactory(
        _ mints: [ScriptedMint], aliases: [MintURL: ScriptedMint] = [:]
    ) -> @Sendable (MintURL) -> any MintConnector {
        let byURL = Dictionary(mints.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
            .merging(aliases) { first, _ in first }
        return { url in ScriptedMintConnector(mint: byURL[url], mintURL: url) }
    }

    /// Opens a wallet over `store` and `secureStore` whose connectors reach `mints`. No mint is added.
    /// - Parameters:
    ///   - mints: the mints the wallet can reach.
    ///   - store: the wallet store.
    ///   - secureStore: the secure store (the mnemonic is created in it unless `mnemonic` or a stored one is given).
    ///   - options: wallet options.
    ///   - recover: run recovery on open.
    ///   - mnemonic: the mnemonic to restore.
    package static func open(
        mints: [ScriptedMint], store: InMemoryWalletStore = InMemoryWalletStore(),
        secureStore: InMemorySecureStore = InMemorySecureStore(), options: WalletOptions = WalletOptions(),
        recover: Bool = true, mnemonic: Mnemonic? = nil
    ) async throws -> Wallet {
        try await Wallet.open(
            store: store, secureStore: secureStore, mnemonic: mnemonic, connectorFactory: connectorFactory(mints),
            options: options, recover: recover)
    }

    /// Opens a wallet, adds `mint` (and reaches `otherMints` too) and mints `amount` at it.
    package static func funded(
        _ mint: ScriptedMint, amount: UInt64, otherMints: [ScriptedMint] = [],
        store: InMemoryWalletStore = InMemoryWalletStore(), secureStore: InMemorySecureStore = InMemorySecureStore(),
        options: WalletOptions = WalletOptions(), mnemonic: Mnemonic? = nil
    ) async throws -> Wallet {
        let wallet = try await open(
            mints: [mint] + otherMints, store: store, secureStore: secureStore, options: options, mnemonic: mnemonic)
        try await fund(wallet, at: mint, amount: amount)
        return wallet
    }

    /// Adds `mint` to `wallet` (when it is not there yet) and mints `amount` at it: a mint quote, paid at the mint
    /// if it is not paid already, then the mint.
    /// - Returns: the mint's result.
    @discardableResult
    package static func fund(_ wallet: Wallet, at mint: ScriptedMint, amount: UInt64) async throws -> MintResult {
        if try await !wallet.mints().contains(where: { $0.url == mint.url }) {
            try await wallet.addMint(mint.url)
        }
        let quote = try await wallet.requestMintQuote(amount: amount, mint: mint.url, unit: mint.unit)
        mint.payMintQuote(quote.id)
        return try await wallet.mintResult(quoteID: quote.id)
    }
}
