// CLI: the one place that chooses where the wallet's secrets (mnemonic, quote and P2PK keys) are kept.

import CoreCashu
import Foundation

/// The secure store of a wallet directory.
enum SecureStoreChoice {
    /// The file holding the secrets of the plaintext store, inside the wallet directory.
    static let fileName = "secrets.json"

    /// The secure store for the wallet in `directory`.
    ///
    /// LinuxWallet: for now a plaintext ``FileSecureStore`` (0600, in the 0700 wallet directory). The coordinator
    /// replaces this function's body with LinuxCashu's libsecret store (falling back to the encrypted file store);
    /// nothing else in the CLI names a secure store.
    static func make(for directory: WalletDirectory) -> any SecureStore {
        FileSecureStore(file: directory.url.appendingPathComponent(fileName))
    }

    /// A short name of the store in use, for `cashu info`.
    static let kind = "file (plaintext, 0600)"
}
