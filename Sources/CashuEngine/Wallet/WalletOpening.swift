// Wallet: what opening a wallet reads before anything else (one read transaction), and where its seed comes from
// (the cached seed, else the mnemonic through PBKDF2), bound to its store by the seed fingerprint.

/// The steps of `Wallet.open` before the wallet exists: kept apart so that opening stays one read of the store, one
/// read of the secure store and no key stretching for a wallet opened before.
enum WalletOpening {
    /// What the store says about the wallet it holds, read in one transaction.
    struct StoreState: Sendable {
        /// The fingerprint of the seed the store belongs to; `nil` for a new store.
        var fingerprint: String?
        /// The data key generation records are sealed with.
        var generation: UInt32
        /// Whether any record is still in plaintext (`false` for a store that does not seal).
        var hasPlaintext: Bool
        /// Whether a recovery pass has anything to do (``OperationJournal/hasUnfinishedWork()``).
        var hasUnfinishedWork: Bool
    }

    /// Reads ``StoreState``: from what the store read when it opened (``OpeningStateStore``), else in one read
    /// transaction (one statement where the transaction is an ``OpeningStateReader``).
    static func storeState(_ store: any WalletStore) async throws(WalletError) -> StoreState {
        let sealing = store as? any RecordSealingStore
        do {
            let stored: StoredOpeningState
            if let store = store as? any OpeningStateStore {
                stored = try await store.openingState(countingPlaintext: sealing != nil)
            } else {
                stored = try await store.read { tx in
                    if let reader = tx as? any OpeningStateReader {
                        return try reader.openingState(countingPlaintext: sealing != nil)
                    }
                    return StoredOpeningState(
                        fingerprint: try tx.metadata(WalletSecrets.fingerprintKey),
                        generation: try tx.metadata(RecordSealer.generationMetadataKey),
                        hasPlaintext: try sealing?.hasPlaintextRecords(tx) ?? false,
                        hasUnfinishedWork: try tx.hasUnfinishedWork())
                }
            }
            return StoreState(
                fingerprint: stored.fingerprint,
                generation: try WalletSealing.generation(from: stored.generation),
                hasPlaintext: stored.hasPlaintext,
                hasUnfinishedWork: stored.hasUnfinishedWork)
        } catch let error as WalletError {
            throw error
        } catch {
            throw WalletError.storage(error)
        }
    }

    /// The wallet's seed.
    ///
    /// A wallet opened before (its store knows a fingerprint) and not given a mnemonic takes the seed cached in the
    /// secure store when it has that fingerprint: no PBKDF2. Otherwise the mnemonic is loaded (or made, or `given`),
    /// stretched, checked against the store, saved when new and bound to the store; the seed is then cached for the
    /// next open (best effort: the mnemonic stays the source of truth).
    static func seed(
        store: any WalletStore, secureStore: any SecureStore, given mnemonic: Mnemonic?, known: String?
    ) async throws(WalletError) -> SecureBytes {
        if mnemonic == nil, let known,
            let cached = try await WalletSecrets.cachedSeed(in: secureStore, fingerprint: known)
        {
            return cached
        }
        let (phrase, isNew) = try await WalletSecrets.mnemonic(
            in: secureStore, given: mnemonic, mustExist: known != nil)
        let seed: SecureBytes
        do { seed = try phrase.seed() } catch {
            throw WalletError(.crypto, "cannot derive the seed", underlying: error)
        }
        let fingerprint = WalletSecrets.fingerprint(of: seed)
        if let known, known != fingerprint {
            throw WalletError(.invalidInput, "the mnemonic does not belong to this wallet's store")
        }
        if isNew { try await WalletSecrets.save(phrase, in: secureStore) }
        if known == nil {
            try await bind(
                store: store, secureStore: secureStore, phrase: phrase, isNew: isNew, fingerprint: fingerprint)
        }
        await WalletSecrets.cacheSeed(seed, in: secureStore)
        return seed
    }

    /// Records `fingerprint` as the store's, checked and set in one write: two processes (or hosts sharing a
    /// database) making a new wallet at once must not each bind it to their own phrase; the second finds the first's
    /// and stops.
    private static func bind(
        store: any WalletStore, secureStore: any SecureStore, phrase: Mnemonic, isNew: Bool, fingerprint: String
    ) async throws(WalletError) {
        let bound: String
        do {
            bound = try await store.write { tx -> String in
                if let current = try tx.metadata(WalletSecrets.fingerprintKey) { return current }
                try tx.setMetadata(WalletSecrets.fingerprintKey, fingerprint)
                return fingerprint
            }
        } catch {
            throw WalletError.storage(error)
        }
        guard bound != fingerprint else { return }
        // The phrase saved a moment ago belongs to no wallet: take it back (if it is still the one stored), so this
        // directory can join. (Two processes making a new wallet on one secure store at once is the host's to
        // prevent, as LinuxWallet's open lock does: both would save a phrase.)
        if isNew, let stored = try? await secureStore.load(key: SecureStoreKey.mnemonic),
            stored.exposedSecretBytes == Array(phrase.exposedPhrase.utf8)
        {
            try? await secureStore.delete(key: SecureStoreKey.mnemonic)
        }
        throw WalletError(
            .invalidInput,
            "another process made this wallet with another recovery phrase meanwhile; open it with that phrase")
    }
}
