// Storage: everything an in-memory wallet store holds, as one value that a transaction copies and commits whole.

import Foundation

/// A record with the position it was first inserted at, which breaks ties between equal timestamps the way SQLite's
/// rowid does.
struct Sequenced<Value: Sendable>: Sendable {
    var value: Value
    let sequence: UInt64
}

/// The whole state of an ``InMemoryWalletStore``.
struct InMemoryWalletState: Sendable {
    var proofs: [CompressedPoint: Sequenced<StoredProof>] = [:]
    var keysets: [KeysetID: StoredKeyset] = [:]
    var counters: [KeysetID: UInt64] = [:]
    var mints: [MintURL: StoredMint] = [:]
    var operations: [OperationID: Sequenced<OperationRecord>] = [:]
    var mintQuotes: [String: Sequenced<StoredMintQuote>] = [:]
    var meltQuotes: [String: Sequenced<StoredMeltQuote>] = [:]
    var history: [OperationID: Sequenced<HistoryEntry>] = [:]
    var metadata: [String: String] = [:]
    var queuedOperations: [OperationID: Sequenced<QueuedOperation>] = [:]
    var authProofs: [Sequenced<StoredAuthProof>] = []
    private var nextSequence: UInt64 = 0

    /// The next insertion position; it only grows.
    mutating func takeSequence() -> UInt64 {
        defer { nextSequence += 1 }
        return nextSequence
    }
}

extension Sequence {
    /// Oldest first: by `date`, then by insertion.
    func oldestFirst<Value>(by date: (Value) -> Date) -> [Value] where Element == Sequenced<Value> {
        sorted { (date($0.value), $0.sequence) < (date($1.value), $1.sequence) }.map(\.value)
    }

    /// Newest first: by `date`, then by insertion, both descending.
    func newestFirst<Value>(by date: (Value) -> Date) -> [Value] where Element == Sequenced<Value> {
        sorted { (date($0.value), $0.sequence) > (date($1.value), $1.sequence) }.map(\.value)
    }
}
