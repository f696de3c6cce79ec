// Wallet: keys that lock ecash to this wallet, derived from its seed (Crypto/LockingKeys.swift) with a counter per
// kind in the store, so that a restored wallet can still mint its NUT-20-locked quotes and claim tokens locked to its
// NUT-11 key.

extension Wallet {
    /// The metadata key of a kind's next counter.
    static func lockingCounterKey(_ purpose: LockingKeys.Purpose) -> String { "locking.\(purpose).next" }

    /// The most public keys of one kind looked up among the derived ones at a time (a hostile token could name
    /// thousands of foreign keys).
    static let lockingLookupLimit = 32

    /// A kind's next counter as stored: 0 when absent; a value that is not a counter is a damaged store, never
    /// read as 0 (that would hand out a used key again).
    static func lockingCounter(_ tx: any WalletTransaction, _ purpose: LockingKeys.Purpose) throws -> UInt32 {
        guard let text = try tx.metadata(lockingCounterKey(purpose)) else { return 0 }
        guard let value = UInt32(text), value <= LockingKeys.maximumCounter else {
            throw WalletError(.storage, "the stored \(purpose) key counter is damaged")
        }
        return value
    }

    /// The next locking key of `purpose`: its counter is reserved in the store first (never handed out twice, even
    /// by two processes), and the private key saved in the secure store before it is returned.
    func nextLockingKey(_ purpose: LockingKeys.Purpose) async throws(WalletError) -> Scalar {
        let name = Self.lockingCounterKey(purpose)
        let counter = try await write { tx -> UInt32 in
            let next = try Self.lockingCounter(tx, purpose)
            guard next < LockingKeys.maximumCounter else {
                throw WalletError(.unsupported, "this wallet has used every \(purpose) key")
            }
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

    /// The private key of `pubkey` among this seed's locking keys of `purpose` (see ``lockingKeys(for:_:)``).
    func lockingKey(for pubkey: Point, _ purpose: LockingKeys.Purpose) async throws(WalletError) -> Scalar? {
        try await lockingKeys(for: [pubkey], purpose)[pubkey]
    }

    /// The private keys of those of `pubkeys` that are this seed's locking keys of `purpose`: from the secure store,
    /// else found among the derived keys up to ``LockingKeys/lookupWindow`` past the stored counter (a restored
    /// wallet), each derived once. At most ``lockingLookupLimit`` keys are looked up. Keys found by search are saved,
    /// and the counter moved past them.
    func lockingKeys(for pubkeys: Set<Point>, _ purpose: LockingKeys.Purpose) async throws(WalletError)
        -> [Point: Scalar]
    {
        var result: [Point: Scalar] = [:]
        var missing = Set<Point>()
        for pubkey in pubkeys.prefix(Self.lockingLookupLimit) {
            let stored: SecureBytes?
            do { stored = try await secureStore.load(key: Self.secureStoreKey(pubkey, purpose)) } catch {
                throw WalletError(.secureStore, "cannot read a locking key", underlying: error)
            }
            guard let stored else {
                missing.insert(pubkey)
                continue
            }
            do { result[pubkey] = try Scalar(rawRepresentation: stored.exposedSecretBytes) } catch {
                throw WalletError(.secureStore, "a stored locking key is invalid", underlying: error)
            }
        }
        guard !missing.isEmpty else { return result }
        let next = try await read { tx in try Self.lockingCounter(tx, purpose) }
        let found: [Point: (counter: UInt32, key: Scalar)]
        do { found = try lockingKeys[purpose].find(missing, in: 0..<(next + LockingKeys.lookupWindow)) } catch {
            throw WalletError(.crypto, "cannot derive the locking keys", underlying: error)
        }
        guard let highest = found.values.map(\.counter).max() else { return result }
        for (pubkey, match) in found {
            try await saveLockingKey(match.key, purpose)
            result[pubkey] = match.key
        }
        let name = Self.lockingCounterKey(purpose)
        try await write { tx in
            if try Self.lockingCounter(tx, purpose) <= highest { try tx.setMetadata(name, String(highest + 1)) }
        }
        return result
    }

    /// Saves `key` in the secure store as the key of `pubkey` (its own public key unless given: a quote locked to a
    /// Nostr identity names the even-y point of its x coordinate, which BIP-340 signatures of `key` satisfy).
    func saveLockingKey(_ key: Scalar, _ purpose: LockingKeys.Purpose, as pubkey: Point? = nil)
        async throws(WalletError)
    {
        do {
            try await secureStore.save(
                SecureBytes(key.exposedSecretBytes), key: Self.secureStoreKey(pubkey ?? key.publicKey, purpose))
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

    /// How many receiving keys (the newest) are tried against a NUT-28 blinded lock, and how many are tried at least
    /// (a restored wallet's counter starts at zero). Every key handed out up to this many: a refund key made for a
    /// locked send, or the published `cashu wallet pubkey`, must still open what was locked to it much later.
    static let blindedLookupKeys: UInt32 = 512
    static let blindedLookupMinimum: UInt32 = 20

    /// The receiving keys this wallet handed out (``newReceivingKey()``, `cashu wallet pubkey`), oldest first.
    public func receivingKeys() async throws(WalletError) -> [Point] {
        let next = try await read { tx in try Self.lockingCounter(tx, .p2pk) }
        return try receivingPrivateKeys(0..<next).map(\.publicKey)
    }

    /// The private receiving keys a NUT-28 blinded lock may be blinded from: every key handed out (the newest
    /// ``blindedLookupKeys`` of a wallet that handed out more), and at least the first ``blindedLookupMinimum``.
    func blindedLookupCandidates() async throws(WalletError) -> [Scalar] {
        let next = max(try await read { tx in try Self.lockingCounter(tx, .p2pk) }, Self.blindedLookupMinimum)
        return try receivingPrivateKeys(next - min(next, Self.blindedLookupKeys)..<next)
    }

    private func receivingPrivateKeys(_ counters: Range<UInt32>) throws(WalletError) -> [Scalar] {
        var keys: [Scalar] = []
        for counter in counters {
            do { keys.append(try lockingKeys[.p2pk].key(at: counter)) } catch {
                throw WalletError(.crypto, "cannot derive a receiving key", underlying: error)
            }
        }
        return keys
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
