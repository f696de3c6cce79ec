// Wallet: the BIP-39 recovery phrase (NUT-13), read back from the secure store for the user to write down.

extension Wallet {
    /// The wallet's recovery phrase, for a backup screen. Anyone who has it can take the wallet's ecash: show it only
    /// when the user asks, and never log it (`Mnemonic` prints redacted).
    /// - Throws: ``WalletError`` `secureStore` when the secure store cannot be read, no longer holds it, or holds a
    ///   phrase that is not this wallet's (its seed is not the one the wallet runs on: a backup of it would not
    ///   restore the wallet).
    public func recoveryPhrase() async throws(WalletError) -> Mnemonic {
        // `mustExist`: a phrase removed from the secure store since the wallet opened is an error, never a new one.
        let phrase = try await WalletSecrets.mnemonic(in: secureStore, given: nil, mustExist: true).0
        // The wallet may run on the seed cached beside the phrase (opening skips PBKDF2): the phrase shown must give
        // that very seed.
        let seed: SecureBytes
        do { seed = try phrase.seed() } catch {
            throw WalletError(.crypto, "cannot derive the seed", underlying: error)
        }
        guard WalletSecrets.fingerprint(of: seed) == WalletSecrets.fingerprint(of: outputs.secrets.seed) else {
            throw WalletError(
                .secureStore,
                "the recovery phrase in the secure store is not this wallet's; restore the wallet with its own phrase")
        }
        return phrase
    }
}
