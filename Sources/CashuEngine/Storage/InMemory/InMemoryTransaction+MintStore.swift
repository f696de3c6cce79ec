// Storage: mints in an in-memory wallet store.

extension InMemoryTransaction: MintStore {
    func saveMint(_ mint: StoredMint) throws {
        try requireWritable("saveMint")
        state.mints[mint.url] = mint
    }

    func mint(url: MintURL) throws -> StoredMint? {
        state.mints[url]
    }

    func mints() throws -> [StoredMint] {
        state.mints.values.sorted { MintURL.storeOrder($0.url, $1.url) }
    }

    func removeMint(url: MintURL) throws {
        try requireWritable("removeMint")
        state.mints[url] = nil
    }
}
