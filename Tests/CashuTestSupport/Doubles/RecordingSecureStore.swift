// Test support: a SecureStore decorator that remembers every value saved through it (to search logs for them).

import CoreCashu

/// Saves, loads and deletes through the store it wraps, keeping a copy of every value saved.
package actor RecordingSecureStore: SecureStore {
    private let wrapped: any SecureStore
    package private(set) var saved: [SecureBytes] = []

    package init(wrapping store: any SecureStore) {
        wrapped = store
    }

    package func load(key: String) async throws -> SecureBytes? {
        try await wrapped.load(key: key)
    }

    package func save(_ value: SecureBytes, key: String) async throws {
        saved.append(value)
        try await wrapped.save(value, key: key)
    }

    package func delete(key: String) async throws {
        try await wrapped.delete(key: key)
    }
}
