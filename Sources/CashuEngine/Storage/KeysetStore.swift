// Storage: the keysets of every mint (NUT-01/02), with keys once verified.

/// Keyset storage.
package protocol KeysetStore {
    /// Inserts or replaces a keyset (keyed by id).
    func saveKeyset(_ keyset: StoredKeyset) throws

    /// A keyset by id.
    func keyset(id: KeysetID) throws -> StoredKeyset?

    /// All keysets of a mint (`nil` = every mint), by mint URL, then by id.
    func keysets(mintURL: MintURL?) throws -> [StoredKeyset]

    /// Deletes a mint's keysets. Their counters stay: a keyset added again must not reuse a counter.
    func removeKeysets(mintURL: MintURL) throws
}
