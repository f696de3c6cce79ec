// Storage: what opening a wallet reads from its store before anything else, asked at once where a store can.

/// What `Wallet.open` needs from the store before anything else, as stored.
package struct StoredOpeningState: Sendable, Equatable {
    /// The seed fingerprint in the metadata (`WalletSecrets.fingerprintKey`); `nil` for a new store.
    package var fingerprint: String?
    /// The data key generation in the metadata (`RecordSealer.generationMetadataKey`), as stored; `nil` when none is.
    package var generation: String?
    /// Whether any record is still in plaintext; `false` when not asked.
    package var hasPlaintext: Bool
    /// ``OperationJournal/hasUnfinishedWork()``.
    package var hasUnfinishedWork: Bool

    /// The metadata keys of ``fingerprint`` and ``generation``.
    package static let fingerprintKey = WalletSecrets.fingerprintKey
    package static let generationKey = RecordSealer.generationMetadataKey

    package init(fingerprint: String?, generation: String?, hasPlaintext: Bool, hasUnfinishedWork: Bool) {
        self.fingerprint = fingerprint
        self.generation = generation
        self.hasPlaintext = hasPlaintext
        self.hasUnfinishedWork = hasUnfinishedWork
    }
}

/// A transaction that reads ``StoredOpeningState`` in one statement (the SQL stores), where asking for each part
/// costs a PostgreSQL store one wait for the server apiece. Transactions without it are asked part by part.
package protocol OpeningStateReader {
    /// The two metadata values, whether work is unfinished and, when `countingPlaintext` (a sealing store), whether
    /// a record is still in plaintext: the answers ``MetadataStore/metadata(_:)``, `hasPlaintextRecords` and
    /// ``OperationJournal/hasUnfinishedWork()`` give, in one statement.
    func openingState(countingPlaintext: Bool) throws -> StoredOpeningState
}

/// A store that can say what opening needs without a transaction of its own: a PostgreSQL store read it with its
/// schema's version when it connected (one statement for both), where a read transaction would be one more round trip
/// on a thread of its own. Asked once, right after the store opened; a store that has written since (or was asked
/// already) reads it again.
package protocol OpeningStateStore: WalletStore {
    /// As ``OpeningStateReader/openingState(countingPlaintext:)``.
    func openingState(countingPlaintext: Bool) async throws -> StoredOpeningState
}
