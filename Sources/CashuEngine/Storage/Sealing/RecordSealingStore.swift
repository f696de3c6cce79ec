// Storage: a store that keeps the secret fields of its records sealed at rest (see RecordSealer).

/// A `WalletStore` that seals records' secret fields once it has the wallet's keys.
///
/// ``Wallet/open(store:secureStore:mnemonic:connectorFactory:options:logger:recover:leases:subscriptions:)`` hands
/// the keys over as soon as it has the seed, before anything else is written: from then on every record is sealed as
/// it is written, and records still in plaintext (a wallet from before, or written without the keys) are sealed at
/// once, all in one transaction. A store without the keys writes plaintext and cannot read sealed records
/// (`StorageError` `unavailable`).
package protocol RecordSealingStore: WalletStore {
    /// Whether any record is still in plaintext, asked inside a transaction of this store (opening reads it with
    /// the rest of what it needs, in one read).
    func hasPlaintextRecords(_ tx: any WalletTransaction) throws -> Bool

    /// Seals with `sealer` from now on; with `sealPlaintext`, first seals every record still in plaintext, in one
    /// transaction.
    /// - Returns: how many records were sealed now.
    @discardableResult
    func useSealer(_ sealer: RecordSealer, sealPlaintext: Bool) async throws -> Int

    /// Re-seals every record with `sealer`'s generation and records that generation as the wallet's
    /// (`data-key-generation` in the metadata), in one transaction; then seals with it from now on.
    /// - Returns: how many records were re-sealed.
    @discardableResult
    func reseal(with sealer: RecordSealer) async throws -> Int
}

extension RecordSealingStore {
    /// Seals with `sealer` from now on, after sealing every record still in plaintext (asked in a read first, so a
    /// sealed store takes no write lock for it).
    /// - Returns: how many records were sealed now.
    @discardableResult
    package func useSealer(_ sealer: RecordSealer) async throws -> Int {
        let plaintext = try await read { tx in try self.hasPlaintextRecords(tx) }
        return try await useSealer(sealer, sealPlaintext: plaintext)
    }
}
