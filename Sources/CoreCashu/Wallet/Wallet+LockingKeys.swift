// Wallet: keys that lock ecash to this wallet, derived from its seed (Crypto/LockingKeys.swift) with a counter per
// kind in the store, so that a restored wallet can still mint its NUT-20-locked quotes and claim tokens locked to its
// NUT-11 key.

extension Wallet {
    /// The metadata key of a kind's next counter.
    static func lockingCounterKey(_ purpose: LockingKeys.Purpose) -> String { "locking.\(purpose).next" }

    /// The next locking key of `purpose`: its counter is reserved in the store first (never handed out twice, even
    /// by two processes), and the private key saved in the secure store before it is returned.
    func nextLockingKey(_ purpose: LockingKeys.Purpose) async throws(WalletError) -> Scalar {
        let name = Self.lockingCounterKey(purpose)
        let counter = try await write { tx -> UInt32 in
            let next = try tx.metadata(name).flatMap { UInt32($0) } ?? 0
            try tx.setMetadata(name, String(next + 1))
            return next
        }
        let key: Scalar
        do { key = try lockingKeys[purpose].key(at: counter) } catch {
            throw WalletError(.crypto, "cannot derive a locking key", underlying: error)
        }
        try await saveLockingKey(key, purpose)
        return key
    }

    /// The private key of `pubkey` among this seed's locking keys of `purpose`: from the secure store, else by
    /// searching the derived keys up to ``LockingKeys/lookupWindow`` past the stored counter (a restored wallet).
    /// A key found by search is saved, and the counter moved past it.
    func lockingKey(for pubkey: Point, _ purpose: LockingKeys.Purpose) async throws(WalletError) -> Scalar? {
        let stored: SecureBytes?
        do { stored = try await secureStore.load(key: Self.secureStoreKey(pubkey, purpose)) } catch {
            throw WalletError(.secureStore, "cannot read a locking key", underlying: error)
        }
        if let stored {
            do { return try Scalar(rawRepresentation: stored.exposedSecretBytes) } catch {
                throw WalletError(.secureStore, "a stored locking key is invalid", underlying: error)
            }
        }
        let name = Self.lockingCounterKey(purpose)
        let next = try await read { tx in try tx.metadata(name).flatMap { UInt32($0) } ?? 0 }
        let keys = lockingKeys[purpose]
        guard let (counter, key) = keys.find(pubkey, in: 0..<(next + LockingKeys.lookupWindow)) else { return nil }
        try await saveLockingKey(key, purpose)
        try await write { tx in
            let current = try tx.metadata(name).flatMap { UInt32($0) } ?? 0
            if current <= counter { try tx.setMetadata(name, String(counter + 1)) }
        }
        return key
    }

    private func saveLockingKey(_ key: Scalar, _ purpose: LockingKeys.Purpose) async throws(WalletError) {
        do {
            try await secureStore.save(
                SecureBytes(key.exposedSecretBytes), key: Self.secureStoreKey(key.publicKey, purpose))
        } catch {
            throw WalletError(.secureStore, "cannot save a locking key", underlying: error)
        }
    }

    private static func secureStoreKey(_ pubkey: Point, _ purpose: LockingKeys.Purpose) -> String {
        switch purpose {
        case .quote: SecureStoreKey.quoteKey(pubkey)
        case .p2pk: SecureStoreKey.p2pkKey(pubkey)
        }
    }

    /// A public key others can lock tokens to (NUT-11): a new one derived from the seed, so a wallet restored from
    /// its phrase can still claim what was locked to it.
    public func newReceivingKey() async throws(WalletError) -> Point {
        try await nextLockingKey(.p2pk).publicKey
    }
}

/// This seed's two locking-key derivers.
struct LockingKeyRing: Sendable {
    let quote: LockingKeys
    let p2pk: LockingKeys

    init(_ secrets: DeterministicSecrets) throws(CryptoError) {
        quote = try secrets.lockingKeys(.quote)
        p2pk = try secrets.lockingKeys(.p2pk)
    }

    subscript(_ purpose: LockingKeys.Purpose) -> LockingKeys {
        switch purpose {
        case .quote: quote
        case .p2pk: p2pk
        }
    }
}
