// Storage: wallet metadata in an in-memory wallet store.

extension InMemoryTransaction: MetadataStore {
    func metadata(_ key: String) throws -> String? {
        state.metadata[key]
    }

    func setMetadata(_ key: String, _ value: String) throws {
        try requireWritable("setMetadata")
        state.metadata[key] = value
    }
}
