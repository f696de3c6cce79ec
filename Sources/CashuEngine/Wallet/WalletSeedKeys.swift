// Wallet: the keys a wallet derives from its seed besides the proof secrets, each derived when first asked for.

/// The seed's other keys: the locking-key derivers (NUT-20 quote keys, NUT-11 receiving keys), the NUT-27 backup key,
/// the NUT-18 request key and the NIP-06 identity. Each is derived the first time it is asked for, then kept: opening
/// a wallet derives none of them (every command opens one, and most need none).
final class WalletSeedKeys: Sendable {
    private struct Derived {
        var locking: LockingKeyRing?
        /// `.some(nil)`: derived, and the seed gives none (as likely as a hash landing on zero).
        var mintBackup: MintBackupKey??
        var nostrRequest: NostrRequestKey??
        var nostrIdentity: NostrIdentityKey??
    }

    private let secrets: DeterministicSecrets
    private let derived = Locked(Derived())

    init(_ secrets: DeterministicSecrets) {
        self.secrets = secrets
    }

    /// The two locking-key derivers.
    func lockingKeys() throws(CryptoError) -> LockingKeyRing {
        try derived.withLock { (derived) throws(CryptoError) -> LockingKeyRing in
            if let ring = derived.locking { return ring }
            let ring = try LockingKeyRing(secrets)
            derived.locking = ring
            return ring
        }
    }

    /// NUT-27's backup key; `nil` when the seed gives none.
    var mintBackupKey: MintBackupKey? { once(\.mintBackup) { try? MintBackupKey(seed: secrets.seed) } }

    /// The key NUT-18 requests over Nostr are paid to; `nil` when the seed gives none.
    var nostrRequestKey: NostrRequestKey? { once(\.nostrRequest) { try? NostrRequestKey(seed: secrets.seed) } }

    /// The NIP-06 identity; `nil` when the seed gives none.
    var nostrIdentityKey: NostrIdentityKey? { once(\.nostrIdentity) { try? NostrIdentityKey(seed: secrets.seed) } }

    /// The key in `slot`, derived by `derive` the first time.
    private func once<Key: Sendable>(_ slot: WritableKeyPath<Derived, Key??>, _ derive: () -> Key?) -> Key? {
        derived.withLock { derived in
            if let key = derived[keyPath: slot] { return key }
            let key = derive()
            derived[keyPath: slot] = .some(key)
            return key
        }
    }
}
