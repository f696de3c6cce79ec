// Test support: a SecureStore that keeps the wallet's secrets in a dictionary — no keyring, no file.

import CoreCashu

/// A ``SecureStore`` held in memory, for tests; it can be told to fail, to test how the wallet copes.
public actor InMemorySecureStore: SecureStore {
    /// The failure thrown while ``setFailing(_:)`` is on.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String { "InMemorySecureStore: scripted failure" }
    }

    private var values: [String: SecureBytes] = [:]
    private var failing = false

    /// Creates an empty store.
    public init() {}

    /// Creates a store holding `mnemonic` (a wallet opened on it restores from that mnemonic).
    public init(mnemonic: Mnemonic) {
        values[SecureStoreKey.mnemonic] = SecureBytes(Array(mnemonic.exposedPhrase.utf8))
    }

    public func load(key: String) async throws -> SecureBytes? {
        if failing { throw Failure() }
        return values[key]
    }

    public func save(_ value: SecureBytes, key: String) async throws {
        if failing { throw Failure() }
        values[key] = value
    }

    public func delete(key: String) async throws {
        if failing { throw Failure() }
        values[key] = nil
    }

    /// Makes every call throw ``Failure`` (`true`) or work again (`false`).
    public func setFailing(_ failing: Bool) {
        self.failing = failing
    }

    /// The keys stored, sorted.
    public var keys: [String] { values.keys.sorted() }

    /// The wallet's mnemonic, once a wallet opened on this store saved it.
    public var mnemonic: Mnemonic? {
        guard let bytes = values[SecureStoreKey.mnemonic] else { return nil }
        return try? Mnemonic(phrase: String(decoding: bytes.exposedSecretBytes, as: UTF8.self))
    }
}
