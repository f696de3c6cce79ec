// Storage: mint and melt quotes in an in-memory wallet store.

extension InMemoryTransaction: QuoteStore {
    func saveMintQuote(_ quote: StoredMintQuote) throws {
        try requireWritable("saveMintQuote")
        let sequence = state.mintQuotes[quote.id]?.sequence ?? state.takeSequence()
        state.mintQuotes[quote.id] = Sequenced(value: quote, sequence: sequence)
    }

    func mintQuote(id: String) throws -> StoredMintQuote? {
        state.mintQuotes[id]?.value
    }

    func mintQuotes(mintURL: MintURL?) throws -> [StoredMintQuote] {
        state.mintQuotes.values.filter { row in mintURL.map { $0 == row.value.mintURL } ?? true }
            .newestFirst(by: \.createdAt)
    }

    func saveMeltQuote(_ quote: StoredMeltQuote) throws {
        try requireWritable("saveMeltQuote")
        let sequence = state.meltQuotes[quote.id]?.sequence ?? state.takeSequence()
        state.meltQuotes[quote.id] = Sequenced(value: quote, sequence: sequence)
    }

    func meltQuote(id: String) throws -> StoredMeltQuote? {
        state.meltQuotes[id]?.value
    }

    func meltQuotes(mintURL: MintURL?) throws -> [StoredMeltQuote] {
        state.meltQuotes.values.filter { row in mintURL.map { $0 == row.value.mintURL } ?? true }
            .newestFirst(by: \.createdAt)
    }
}
