// SecureStore: what the chooser picked for a wallet — the store, its kind, the wallet id, and any warning to show.

import CoreCashu

/// The secure store chosen for a wallet.
public struct SecureStoreSelection: Sendable {
    /// The store to hand to `Wallet.open`.
    public let store: any SecureStore
    /// Its kind.
    public let kind: SecureStoreKind
    /// The wallet's id in the store.
    package let walletID: WalletID
    /// A warning the host must show the user each time the wallet is opened (set for the plaintext store).
    package let warning: String?

    /// Whether the secrets are kept unencrypted on disk.
    package var isPlaintext: Bool { kind == .plaintextFile }
}
