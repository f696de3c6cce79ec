// Storage: the mints added to the wallet.

/// Mint storage.
package protocol MintStore {
    /// Inserts or replaces a mint.
    func saveMint(_ mint: StoredMint) throws

    /// A mint by URL.
    func mint(url: MintURL) throws -> StoredMint?

    /// Every mint, by URL (compared as UTF-8 bytes).
    func mints() throws -> [StoredMint]

    /// Deletes a mint if stored (its proofs and keysets are the caller's business).
    func removeMint(url: MintURL) throws

    /// Gives every record of the mint at `old` (the mint itself, its keysets, proofs, quotes, journal and history
    /// entries, queue entries and blind auth tokens) the URL `new`, which no record may have yet.
    /// - Returns: how many proofs moved.
    func moveMint(from old: MintURL, to new: MintURL) throws -> Int
}
