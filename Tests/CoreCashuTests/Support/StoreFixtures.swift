// Test support — records for the store contract tests: valid points, every optional field nil or set.

import Foundation

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

enum StoreFixtures {
    static let mintA = url("https://mint-a.example.com")
    static let mintB = url("http://127.0.0.1:3338/cashu")
    static let keysetA = keysetID("009a1f293253e41e")
    static let keysetB = keysetID("00ad268c4d1f5826")
    /// A version-01 keyset id (33 bytes).
    static let keysetV2 = keysetID("01" + String(repeating: "ab", count: 32))

    /// Amounts past `Int64.max` must survive SQLite's signed integers.
    static let hugeAmount: UInt64 = 1 << 63
    static let t0 = Date(timeIntervalSinceReferenceDate: 780_000_000.123_456_789)

    static func url(_ text: String) -> MintURL {
        do { return try MintURL(text) } catch { preconditionFailure("\(error)") }
    }

    static func keysetID(_ hex: String) -> KeysetID {
        do { return try KeysetID(hex: hex) } catch { preconditionFailure("\(error)") }
    }

    /// A date `seconds` after ``t0``.
    static func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    /// A proof with a random secret and a valid `C`.
    static func proof(
        amount: UInt64 = 8, mint: MintURL = mintA, unit: CurrencyUnit = .sat, keyset: KeysetID = keysetA,
        status: ProofStatus = .unspent, operationID: OperationID? = nil, createdAt: Date = t0,
        secret: String = UUID().uuidString
    ) throws -> StoredProof {
        let proof = Proof(amount: amount, id: keyset, secret: secret, C: Scalar.random().publicKey)
        return try StoredProof(
            proof: proof, mintURL: mint, unit: unit, status: status, operationID: operationID, createdAt: createdAt)
    }

    /// A proof with every optional field set: DLEQ, witness, NUT-28 `E`, an operation.
    static func fullProof(amount: UInt64 = hugeAmount, status: ProofStatus = .reserved) throws -> StoredProof {
        var stored = try proof(amount: amount, keyset: keysetV2, status: status, operationID: .random())
        stored.proof.dleq = ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: Scalar.random())
        stored.proof.witness = #"{"signatures":["00ff"]}"#
        stored.proof.p2pkE = Scalar.random().publicKey
        return stored
    }

    static func keys(_ amounts: [UInt64] = [1, 2, 4, 1 << 63]) throws -> KeysetKeys {
        try KeysetKeys(Dictionary(uniqueKeysWithValues: amounts.map { ($0, Scalar.random().publicKey) }))
    }

    static func operation(
        _ state: OperationState = .prepared, kind: OperationKind = .swap, createdAt: Date = t0,
        payload: [UInt8] = [0, 1, 2, 0xff]
    ) -> OperationRecord {
        OperationRecord(
            id: .random(), kind: kind, mintURL: mintA, unit: .sat, state: state, payload: payload,
            createdAt: createdAt, updatedAt: createdAt)
    }

    static func mintQuote(
        id: String = UUID().uuidString, mint: MintURL = mintA, createdAt: Date = t0, pubkey: Point? = nil
    ) -> StoredMintQuote {
        StoredMintQuote(
            id: id, mintURL: mint, unit: .sat, amount: 21, request: "lnbc210n1...", state: .unpaid, pubkey: pubkey,
            createdAt: createdAt, updatedAt: createdAt)
    }

    static func meltQuote(id: String = UUID().uuidString, mint: MintURL = mintA, createdAt: Date = t0)
        -> StoredMeltQuote
    {
        StoredMeltQuote(
            id: id, mintURL: mint, unit: .sat, request: "lnbc1...", amount: 100, feeReserve: 2, state: .unpaid,
            createdAt: createdAt, updatedAt: createdAt)
    }

    static func historyEntry(createdAt: Date = t0, amount: UInt64 = 64, memo: String? = nil) -> HistoryEntry {
        HistoryEntry(
            id: .random(), kind: .receive, mintURL: mintA, unit: .sat, amount: amount, fee: 1, state: .done,
            memo: memo, createdAt: createdAt, updatedAt: createdAt)
    }
}

/// Everything a store holds, read through the protocols, to compare before and after.
struct StoreSnapshot: Equatable {
    var proofs: [StoredProof]
    var keysets: [StoredKeyset]
    var counters: [UInt64]
    var mints: [StoredMint]
    var unfinished: [OperationRecord]
    var operations: [OperationRecord?]
    var mintQuotes: [StoredMintQuote]
    var meltQuotes: [StoredMeltQuote]
    var history: [HistoryEntry]
    var balances: [ProofBalance]

    /// Reads a snapshot; `operationIDs` are looked up one by one (the journal has no "list all").
    init(_ store: any WalletStore, operationIDs: [OperationID] = []) async throws {
        self = try await store.read { tx throws in
            try StoreSnapshot(
                proofs: tx.proofs(mintURL: nil, unit: nil, statuses: Set(ProofStatus.allCases)),
                keysets: tx.keysets(mintURL: nil),
                counters: [StoreFixtures.keysetA, StoreFixtures.keysetB, StoreFixtures.keysetV2].map {
                    try tx.counter(keysetID: $0)
                },
                mints: tx.mints(),
                unfinished: tx.unfinishedOperations(),
                operations: operationIDs.map { try tx.operation(id: $0) },
                mintQuotes: tx.mintQuotes(mintURL: nil),
                meltQuotes: tx.meltQuotes(mintURL: nil),
                history: tx.history(limit: 1000),
                balances: tx.balances(statuses: []))
        }
    }

    private init(
        proofs: [StoredProof], keysets: [StoredKeyset], counters: [UInt64], mints: [StoredMint],
        unfinished: [OperationRecord], operations: [OperationRecord?], mintQuotes: [StoredMintQuote],
        meltQuotes: [StoredMeltQuote], history: [HistoryEntry], balances: [ProofBalance]
    ) {
        self.proofs = proofs
        self.keysets = keysets
        self.counters = counters
        self.mints = mints
        self.unfinished = unfinished
        self.operations = operations
        self.mintQuotes = mintQuotes
        self.meltQuotes = meltQuotes
        self.history = history
        self.balances = balances
    }
}

extension StoreFixtures {
    /// Fills a store with at least one record of every kind; returns the journaled operations' ids.
    @discardableResult
    static func populate(_ store: any WalletStore) async throws -> [OperationID] {
        let prepared = operation(.prepared, createdAt: at(1))
        let done = operation(.done, kind: .mint, createdAt: at(2))
        try await store.write { tx throws in
            try tx.addProofs([
                proof(amount: 1, createdAt: at(1)), proof(amount: 2, mint: mintB, createdAt: at(2)),
                fullProof(),
            ])
            try tx.saveKeyset(StoredKeyset(mintURL: mintA, id: keysetA, unit: .sat, active: true, keys: keys()))
            try tx.saveKeyset(StoredKeyset(mintURL: mintB, id: keysetB, unit: .sat, active: false, inputFeePPK: 100))
            _ = try tx.reserveCounters(keysetID: keysetA, count: 10)
            try tx.raiseCounter(keysetID: keysetB, to: 3)
            try tx.saveMint(StoredMint(url: mintA, infoJSON: Array(#"{"name":"A"}"#.utf8), infoFetchedAt: at(1)))
            try tx.saveMint(StoredMint(url: mintB, addedAt: at(2)))
            try tx.insertOperation(prepared)
            try tx.insertOperation(done)
            try tx.saveMintQuote(mintQuote(createdAt: at(1)))
            try tx.saveMeltQuote(meltQuote(createdAt: at(2)))
            try tx.saveHistoryEntry(historyEntry(createdAt: at(3), memo: "coffee"))
        }
        return [prepared.id, done.id]
    }
}
