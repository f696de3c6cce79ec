// Wallet: loading or creating the wallet's BIP-39 mnemonic through the SecureStore (NUT-13), bound to its store by
// a seed fingerprint.

import Crypto

/// The mnemonic's life in the secure store.
enum WalletSecrets {
    /// The stored mnemonic; for a new wallet `given`, or a fresh 12-word mnemonic (not saved yet).
    /// - Parameter mustExist: the wallet already has a seed (its store says so): a missing mnemonic is an error, never
    ///   a reason to make a new one (its backup would no longer cover the wallet).
    /// - Returns: the mnemonic, and whether it still has to be saved (a new or restored wallet).
    static func mnemonic(in secureStore: any SecureStore, given: Mnemonic?, mustExist: Bool = false)
        async throws(WalletError) -> (Mnemonic, isNew: Bool)
    {
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
            return (mnemonic, false)
        }
        if mustExist && given == nil {
            throw WalletError(
                .secureStore,
                "this wallet's mnemonic is missing from the secure store; open it with the mnemonic to restore it")
        }
        return (given ?? Mnemonic(), true)
    }

    /// Saves the mnemonic of a new or restored wallet, once the store has accepted it.
    static func save(_ mnemonic: Mnemonic, in secureStore: any SecureStore) async throws(WalletError) {
        do {
            try await secureStore.save(SecureBytes(Array(mnemonic.exposedPhrase.utf8)), key: SecureStoreKey.mnemonic)
        } catch {
            throw WalletError(.secureStore, "cannot save the mnemonic in the secure store", underlying: error)
        }
    }

    /// The seed cached in the secure store, when it has `fingerprint` (the one the wallet's store records); `nil`
    /// when there is none or it belongs to another phrase (the mnemonic then decides).
    /// - Throws: ``WalletError`` `secureStore` when the secure store cannot be read (locked, not answering): the
    ///   mnemonic could not be read either, and asking again would only wait twice.
    static func cachedSeed(in secureStore: any SecureStore, fingerprint: String) async throws(WalletError)
        -> SecureBytes?
    {
        let seed: SecureBytes?
        do { seed = try await secureStore.load(key: SecureStoreKey.seed) } catch {
            throw WalletError(.secureStore, "cannot read the mnemonic from the secure store", underlying: error)
        }
        guard let seed, seed.count == 64, Self.fingerprint(of: seed) == fingerprint else { return nil }
        return seed
    }

    /// Caches `seed` in the secure store for the next open; a failure only costs the next open its PBKDF2.
    static func cacheSeed(_ seed: SecureBytes, in secureStore: any SecureStore) async {
        try? await secureStore.save(seed, key: SecureStoreKey.seed)
    }

    /// The metadata key of the seed fingerprint.
    static let fingerprintKey = "seed-fingerprint"

    /// A short, non-secret fingerprint of a seed: the first 16 bytes of SHA-256 over a domain tag and the seed.
    static func fingerprint(of seed: SecureBytes) -> String {
        var hasher = SHA256()
        hasher.update(data: Array("cashuswift/seed-fingerprint".utf8))
        seed.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return Hex.encode(Array(hasher.finalize().prefix(16)))
    }
}
