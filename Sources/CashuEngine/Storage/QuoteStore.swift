// Storage: mint quotes (NUT-04) and melt quotes (NUT-05) the wallet asked for.

/// Quote storage.
package protocol QuoteStore {
    /// Inserts or replaces a mint quote; a replaced quote keeps its place among quotes created at the same time.
    func saveMintQuote(_ quote: StoredMintQuote) throws

    /// A mint quote by id.
    func mintQuote(id: String) throws -> StoredMintQuote?

    /// Mint quotes of a mint (`nil` = all), newest first (by `createdAt`, then the last inserted first).
    func mintQuotes(mintURL: MintURL?) throws -> [StoredMintQuote]

    /// Inserts or replaces a melt quote; a replaced quote keeps its place among quotes created at the same time.
    func saveMeltQuote(_ quote: StoredMeltQuote) throws

    /// A melt quote by id.
    func meltQuote(id: String) throws -> StoredMeltQuote?

    /// Melt quotes of a mint (`nil` = all), newest first (by `createdAt`, then the last inserted first).
    func meltQuotes(mintURL: MintURL?) throws -> [StoredMeltQuote]
}
