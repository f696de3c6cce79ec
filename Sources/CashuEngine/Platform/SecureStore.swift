// Platform: where a host keeps the wallet's secrets (mnemonic and its seed, NUT-20 quote keys, P2PK keys, logins).

/// A store for secrets, supplied by the host (libsecret on Linux desktops, an encrypted file on servers).
///
/// Values are opaque bytes under string keys: the recovery phrase, its 64-byte BIP-39 seed beside it (so that opening
/// skips PBKDF2), NUT-20 quote keys, P2PK keys, NUT-21 logins, NIP-47 connection keys. Every one is as secret as the
/// phrase. Implementations must make a `save` durable before returning: the wallet saves a quote's key before the
/// quote request leaves.
public protocol SecureStore: Sendable {
    /// The value under `key`, or `nil`.
    func load(key: String) async throws -> SecureBytes?

    /// Stores `value` under `key`, replacing any previous value.
    func save(_ value: SecureBytes, key: String) async throws

    /// Removes the value under `key` (no error when absent).
    func delete(key: String) async throws
}
