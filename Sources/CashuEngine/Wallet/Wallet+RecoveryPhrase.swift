// Wallet: the BIP-39 recovery phrase (NUT-13), read back from the secure store for the user to write down.

extension Wallet {
    /// The wallet's recovery phrase, for a backup screen. Anyone who has it can take the wallet's ecash: show it only
    /// when the user asks, and never log it (`Mnemonic` prints redacted).
    /// - Throws: ``WalletError`` `secureStore` when the secure store cannot be read or no longer holds it.
    public func recoveryPhrase() async throws(WalletError) -> Mnemonic {
        // `mustExist`: a phrase removed from the secure store since the wallet opened is an error, never a new one.
        try await WalletSecrets.mnemonic(in: secureStore, given: nil, mustExist: true).0
    }
}
