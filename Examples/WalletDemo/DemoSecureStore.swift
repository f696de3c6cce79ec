// Example: a secure store of the host's own (the `SecureStore` plug-in point), here in memory for throwaway wallets.

import CoreCashu

/// Keeps the wallet's secrets in memory: they are gone when the process ends, and so is the wallet. A real host keeps
/// them in its platform's keyring; LinuxCashu's `LinuxWallet` picks the Secret Service or an encrypted file.
actor DemoSecureStore: SecureStore {
    private var values: [String: SecureBytes] = [:]

    func load(key: String) async throws -> SecureBytes? { values[key] }

    func save(_ value: SecureBytes, key: String) async throws {
        // A store that writes to disk takes the bytes with `value.withUnsafeBytes { ... }` and makes the write
        // durable before it returns: the wallet saves a quote's key before the quote request leaves.
        values[key] = value
    }

    func delete(key: String) async throws { values[key] = nil }
}
