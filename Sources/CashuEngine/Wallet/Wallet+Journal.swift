// Wallet: writing, encoding and closing journal entries and their history lines
// (docs/architecture.md, "The wallet engine").

import Foundation

extension Wallet {
    /// Journals a new operation and (unless `history` is false: a later part of a split receive) its pending history
    /// line. Call inside the write transaction that reserves its inputs and counters. An operation held under `id`
    /// (prepared, ``OperationState/awaitingConfirmation``) becomes this journal entry.
    nonisolated func journal<Payload: Encodable>(
        _ tx: any WalletTransaction, id: OperationID, kind: OperationKind, mint: MintURL, unit: CurrencyUnit,
        payload: Payload, amount: UInt64, fee: UInt64, memo: String? = nil, history: Bool = true
    ) throws {
        let now = Date()
        let bytes = try Self.encodeJSON(payload)
        if var held = try tx.operation(id: id) {
            // A prepared operation being confirmed: its hold becomes the journal entry (same id, same inputs).
            guard held.state == .awaitingConfirmation, held.kind == kind else {
                throw StorageError(.conflict, "operation \(id) is already journaled")
            }
            held.state = .prepared
            held.payload = bytes
            held.updatedAt = now
            try tx.updateOperation(held)
        } else {
            try tx.insertOperation(
                OperationRecord(
                    id: id, kind: kind, mintURL: mint, unit: unit, state: .prepared, payload: bytes, createdAt: now,
                    updatedAt: now))
        }
        guard history else { return }
        try tx.saveHistoryEntry(
            HistoryEntry(
                id: id, kind: kind, mintURL: mint, unit: unit, amount: amount, fee: fee, state: .pending, memo: memo,
                createdAt: now, updatedAt: now))
    }

    /// Closes an operation: its journal payload (which holds secrets) is dropped, all but the quote a mint or melt
    /// used (``QuoteReference``) or a transfer's whole journal, and its history line updated.
    nonisolated func close(
        _ tx: any WalletTransaction, _ operation: OperationRecord, state: OperationState,
        history: HistoryEntry.State, amount: UInt64? = nil, fee: UInt64? = nil
    ) throws {
        var closed = operation
        closed.state = state
        if operation.kind != .transfer {
            // A transfer's journal holds no secrets (two quote ids, spent once it is done) and is its report.
            let reference = try? Self.decodeJSON(QuoteReference.self, operation.payload)
            closed.payload = reference.flatMap { try? Self.encodeJSON($0) } ?? []
        }
        closed.updatedAt = Date()
        try tx.updateOperation(closed)
        if operation.kind == .receive, let part = try? Self.decodeJSON(ReceiveGroupPart.self, operation.payload),
            let group = part.group
        {
            // One part of a receive split into several swaps: the group's line follows it.
            try closeGroupPart(tx, group, part, id: operation.id, settled: state == .done)
        } else if var entry = try tx.historyEntry(id: operation.id) {
            entry.state = history
            if let amount { entry.amount = amount }
            if let fee { entry.fee = fee }
            entry.updatedAt = Date()
            try tx.saveHistoryEntry(entry)
        }
    }

    /// Updates the shared history line of `group` after its part `id` closed.
    private nonisolated func closeGroupPart(
        _ tx: any WalletTransaction, _ group: ReceiveGroup, _ part: ReceiveGroupPart, id: OperationID, settled: Bool
    ) throws {
        guard let entry = try tx.historyEntry(id: group.leader) else { return }
        let othersOpen = try group.parts.contains { other in
            try other != id && (tx.operation(id: other)?.state.isUnfinished ?? false)
        }
        try tx.saveHistoryEntry(
            ReceiveGroupHistory.closing(entry, part: part, settled: settled, othersOpen: othersOpen, at: Date()))
    }

    /// Sets a history line's final state (a send claimed, reclaimed, or received back).
    nonisolated func closeHistory(_ tx: any WalletTransaction, _ id: OperationID, as state: HistoryEntry.State) throws {
        guard var entry = try tx.historyEntry(id: id), entry.state != state else { return }
        entry.state = state
        entry.updatedAt = Date()
        try tx.saveHistoryEntry(entry)
    }

    /// Replaces an open operation's journal (before a different request leaves).
    /// - Throws: ``WalletError`` `storage`, also when the operation is no longer open.
    func rewriteJournal<Payload: Encodable & Sendable>(
        _ id: OperationID, _ payload: Payload
    ) async throws(WalletError) {
        let bytes = try Self.encodeJSON(payload)
        try await write { tx in
            guard var open = try self.openOperation(tx, id) else {
                throw WalletError(.storage, "operation \(id) closed before its journal could be rewritten")
            }
            open.payload = bytes
            open.updatedAt = Date()
            try tx.updateOperation(open)
        }
    }

    /// Marks an open operation as pending at the mint (a melt in flight).
    nonisolated func markPending(_ tx: any WalletTransaction, _ operation: OperationRecord) throws {
        guard operation.state != .pending else { return }
        var pending = operation
        pending.state = .pending
        pending.updatedAt = Date()
        try tx.updateOperation(pending)
    }

    /// The operation if it is still open (another process may have settled it meanwhile).
    nonisolated func openOperation(_ tx: any WalletTransaction, _ id: OperationID) throws -> OperationRecord? {
        guard let operation = try tx.operation(id: id), operation.state.isUnfinished else { return nil }
        return operation
    }

    /// The open operation of `kind` whose journal (`Journal`) names `quoteID` (alone or in a batch), if one is under
    /// way.
    nonisolated func openOperation<Journal: QuoteJournal>(
        _ tx: any WalletTransaction, kind: OperationKind, quoteID: String, journal: Journal.Type
    ) throws -> OperationRecord? {
        try openOperations(tx, kind: kind, journal: journal)[quoteID]
    }

    /// Every quote named by an open operation of `kind`, with the (oldest) operation that names it: one scan of
    /// the journal for any number of quotes.
    nonisolated func openOperations<Journal: QuoteJournal>(
        _ tx: any WalletTransaction, kind: OperationKind, journal: Journal.Type
    ) throws -> [String: OperationRecord] {
        var byQuote: [String: OperationRecord] = [:]
        for operation in try tx.unfinishedOperations() where operation.kind == kind {
            guard let decoded = try? JSONDecoder().decode(Journal.self, from: Data(operation.payload)) else { continue }
            for quoteID in decoded.quoteIDs where byQuote[quoteID] == nil { byQuote[quoteID] = operation }
        }
        return byQuote
    }

    /// Stored proofs for proofs the wallet just unblinded.
    func stored(
        _ proofs: [Proof], mint: MintURL, unit: CurrencyUnit, status: ProofStatus = .unspent,
        operationID: OperationID? = nil
    ) throws(WalletError) -> [StoredProof] {
        var result: [StoredProof] = []
        result.reserveCapacity(proofs.count)
        for proof in proofs {
            do {
                result.append(
                    try StoredProof(proof: proof, mintURL: mint, unit: unit, status: status, operationID: operationID))
            } catch {
                throw WalletError(.crypto, "cannot hash a proof secret to the curve", underlying: error)
            }
        }
        return result
    }

    /// How many unspent proofs of each amount the wallet holds at a mint (for the denomination planner).
    func holdings(_ mint: MintURL, unit: CurrencyUnit) async throws(WalletError) -> [UInt64: Int] {
        try await read { tx in try tx.amountCounts(mintURL: mint, unit: unit, status: .unspent) }
    }

    func planner(_ keyset: StoredKeyset) async -> DenominationPlanner {
        DenominationPlanner(
            denominations: keyset.keys?.amounts ?? [], target: options.targetProofsPerDenomination,
            maxOutputs: await requestLimit(keyset.mintURL))
    }

    /// The most items one array of a request to `mint` may hold: the wallet's `WalletOptions.maxInputs`, lowered
    /// to the mint's NUT-06 `max_array_length` when it says less.
    func requestLimit(_ mint: MintURL) async -> Int {
        let advertised = (try? await capabilities(of: mint))?.maxArrayLength ?? Int.max
        return max(1, min(options.maxInputs, advertised))
    }

    /// NUT-09: the mint's signatures for journaled outputs it already signed, by output index.
    func restoreSignatures(_ mint: MintURL, outputs: [PlannedOutput]) async throws(MintClientError)
        -> [Int: BlindSignature]
    {
        guard !outputs.isEmpty else { return [:] }
        var result: [Int: BlindSignature] = [:]
        for chunk in outputs.chunked(await requestLimit(mint)) {
            let request = RestoreRequest(outputs: chunk.map(\.blindedMessage))
            let response = try await connector(mint).restore(request)
            let matched: [RestoredOutput]
            do {
                matched = try response.match(against: request)
            } catch {
                throw MintClientError(
                    .invalidResponse, endpoint: "POST /v1/restore", "restore answer does not fit the request",
                    underlying: error)
            }
            for item in matched { result[chunk.startIndex + item.requestIndex] = item.signature }
        }
        return result
    }

    /// NUT-07: the mint's state of each proof, by `Y`.
    func proofStates(_ mint: MintURL, Ys: [CompressedPoint]) async throws(MintClientError)
        -> [CompressedPoint: ProofState.State]
    {
        var result: [CompressedPoint: ProofState.State] = [:]
        for chunk in Ys.chunked(await requestLimit(mint)) {
            var points: [Point] = []
            for y in chunk {
                do { points.append(try y.point()) } catch {
                    throw MintClientError(.invalidRequest, endpoint: "POST /v1/checkstate", "a stored Y is invalid")
                }
            }
            let request = CheckStateRequest(Ys: points)
            let response = try await connector(mint).checkState(request)
            do {
                try response.validate(against: request)
            } catch {
                throw MintClientError(
                    .invalidResponse, endpoint: "POST /v1/checkstate", "checkstate answer does not fit the request",
                    underlying: error)
            }
            for (y, state) in zip(chunk, response.states) { result[y] = state.state }
        }
        return result
    }

    /// NUT-13 outputs from counters reserved in `tx`.
    nonisolated func deterministicOutputs(_ tx: any WalletTransaction, amounts: [UInt64], keyset: StoredKeyset) throws
        -> [PlannedOutput]
    {
        guard !amounts.isEmpty else { return [] }
        let counters = try tx.reserveCounters(keysetID: keyset.id, count: UInt64(amounts.count))
        return try outputs.deterministic(amounts: amounts, keysetID: keyset.id, counters: counters)
    }

    /// The operation just journaled in `tx`.
    nonisolated func requireOperation(_ tx: any WalletTransaction, _ id: OperationID) throws -> OperationRecord {
        guard let record = try tx.operation(id: id) else {
            throw StorageError(.notFound, "operation \(id) vanished inside its own transaction")
        }
        return record
    }

    /// Closes an operation that definitely did not happen, releasing the wallet's reserved inputs (to `status`,
    /// owned by `owner`: unspent, or back into the token a reclaim took them from).
    func failOperation(
        _ id: OperationID, release: [CompressedPoint], as target: (ProofStatus, OperationID?) = (.unspent, nil)
    ) async throws(WalletError) {
        try await write { tx in
            guard let open = try self.openOperation(tx, id) else { return }
            let held = try tx.proofs(Ys: release).filter { $0.operationID == id }
            if !held.isEmpty { try tx.setStatus(target.0, Ys: held.map(\.Y), operationID: target.1) }
            try self.close(tx, open, state: .failed, history: .failed)
        }
    }

    /// A journal payload's bytes (sorted keys, so the same journal always encodes the same).
    static func encodeJSON<T: Encodable>(_ value: T) throws(WalletError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return Array(try encoder.encode(value)) } catch {
            throw WalletError(.storage, "cannot encode \(T.self)", underlying: error)
        }
    }

    /// A journal payload read back.
    static func decodeJSON<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws(WalletError) -> T {
        do { return try JSONDecoder().decode(type, from: Data(bytes)) } catch {
            throw WalletError(.storage, "stored \(T.self) cannot be read", underlying: error)
        }
    }
}
