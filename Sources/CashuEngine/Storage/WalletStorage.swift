// Storage: where a wallet keeps its proofs, quotes, journal and history, as the host picks it when it opens the wallet.

/// Where a wallet keeps its data.
///
/// A host picks one with `WalletStorage.sqlite(path:)` (CashuSQLite), or opens a wallet in PostgreSQL through
/// LinuxCashu (`LinuxWalletConfiguration.database`); ``inMemory()`` keeps nothing past the process. Pass it to
/// ``Wallet/open(store:secureStore:mnemonic:connections:options:logger:recover:)``.
public struct WalletStorage: Sendable {
    /// The store behind it.
    package let store: any WalletStore

    /// Storage in `store`.
    package init(_ store: any WalletStore) {
        self.store = store
    }

    /// Storage in memory, gone when the process ends: for trials and tests, never for money.
    public static func inMemory() -> WalletStorage {
        WalletStorage(InMemoryWalletStore())
    }
}
