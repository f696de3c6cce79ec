// Test support: a SecureStore that keeps the wallet's secrets in a dictionary — no keyring, no file.

import CashuEngine

/// A ``SecureStore`` held in memory, for tests; it can be told to fail, to test how the wallet copes.
package actor InMemorySecureStore: SecureStore {
    /// The failure thrown while ``setFailing(_:)`` is on.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String { "InMemorySecureStore: scripted failure" }
    }

    private var values: [String: SecureBytes] = [:]
    private var failing = false

    /// Creates an empty store.
    package init() {}

    /// Creates a store holding `mnemonic` (a wallet opened on it restores from that mnemonic).
    package init(mnemonic: Mnemonic) {
        values[SecureStoreKey.mnemonic] = SecureBytes(Array(mnemonic.exposedPhrase.utf8))
    }

    package func load(key: String) async throws -> SecureBytes? {
        if failing { throw Failure() }
        return values[key]
    }

    package func save(_ value: SecureBytes, key: String) async throws {
        if failing { throw Failure() }
        values[key] = value
    }

    package func delete(key: String) async throws {
        if failing { throw Failure() }
        values[key] = nil
    }

    /// Makes every call throw ``Failure`` (`true`) or work again (`false`).
    package func setFailing(_ failing: Bool) {
        self.failing = failing
    }

    /// The keys stored, sorted.
    package var keys: [String] { values.keys.sorted() }

    /// The wallet's mnemonic, once a wallet opened on this store saved it.
    package var mnemonic: Mnemonic? {
        guard let bytes = values[SecureStoreKey.mnemonic] else { return nil }
        return try? Mnemonic(phrase: String(decoding: bytes.exposedSecretBytes, as: UTF8.self))
    }
}
