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

    func moveMint(from old: MintURL, to new: MintURL) throws -> Int {
        try requireWritable("moveMint")
        if var mint = state.mints.removeValue(forKey: old) {
            mint.url = new
            state.mints[new] = mint
        }
        for id in state.keysets.keys where state.keysets[id]?.mintURL == old { state.keysets[id]?.mintURL = new }
        var moved = 0
        for y in state.proofs.keys where state.proofs[y]?.value.mintURL == old {
            state.proofs[y]?.value.mintURL = new
            moved += 1
        }
        for id in state.mintQuotes.keys where state.mintQuotes[id]?.value.mintURL == old {
            state.mintQuotes[id]?.value.mintURL = new
        }
        for id in state.meltQuotes.keys where state.meltQuotes[id]?.value.mintURL == old {
            state.meltQuotes[id]?.value.mintURL = new
        }
        for id in state.operations.keys where state.operations[id]?.value.mintURL == old {
            state.operations[id]?.value.mintURL = new
        }
        for id in state.history.keys where state.history[id]?.value.mintURL == old {
            state.history[id]?.value.mintURL = new
        }
        for id in state.queuedOperations.keys where state.queuedOperations[id]?.value.mintURL == old {
            state.queuedOperations[id]?.value.mintURL = new
        }
        for index in state.authProofs.indices where state.authProofs[index].value.mintURL == old {
            state.authProofs[index].value.mintURL = new
        }
        return moved
    }
}
