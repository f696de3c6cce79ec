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
}
