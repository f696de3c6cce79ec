// Test support: a SecureStore decorator that remembers every value saved through it (to search logs for them).

import CoreCashu

actor RecordingSecureStore: SecureStore {
    private let wrapped: any SecureStore
    private(set) var saved: [SecureBytes] = []

    init(wrapping store: any SecureStore) {
        wrapped = store
    }

    func load(key: String) async throws -> SecureBytes? {
        try await wrapped.load(key: key)
    }

    func save(_ value: SecureBytes, key: String) async throws {
        saved.append(value)
        try await wrapped.save(value, key: key)
    }

    func delete(key: String) async throws {
        try await wrapped.delete(key: key)
    }
}
