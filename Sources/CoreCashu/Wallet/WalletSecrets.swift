// Wallet: loading or creating the wallet's BIP-39 mnemonic through the SecureStore (NUT-13).

/// The mnemonic's life in the secure store.
enum WalletSecrets {
    /// The stored mnemonic; a new wallet stores `given`, or a fresh 12-word mnemonic.
    static func mnemonic(in secureStore: any SecureStore, given: Mnemonic?) async throws(WalletError) -> Mnemonic {
        let stored: SecureBytes?
        do {
            stored = try await secureStore.load(key: SecureStoreKey.mnemonic)
        } catch {
            throw WalletError(.secureStore, "cannot read the mnemonic from the secure store", underlying: error)
        }
        if let stored {
            let phrase = String(decoding: stored.exposedSecretBytes, as: UTF8.self)
            let mnemonic: Mnemonic
            do {
                mnemonic = try Mnemonic(phrase: phrase)
            } catch {
                throw WalletError(.secureStore, "the stored mnemonic is not valid", underlying: error)
            }
            if let given, given != mnemonic {
                throw WalletError(.invalidInput, "this wallet already has a different mnemonic")
            }
            return mnemonic
        }
        let mnemonic = given ?? Mnemonic()
        do {
            try await secureStore.save(SecureBytes(Array(mnemonic.exposedPhrase.utf8)), key: SecureStoreKey.mnemonic)
        } catch {
            throw WalletError(.secureStore, "cannot save the mnemonic in the secure store", underlying: error)
        }
        return mnemonic
    }
}
