// Wallet: receiving a token (NUT-00 V3/V4) — verified, unlocked (NUT-11/14), swapped into fresh proofs (NUT-03).

import Foundation

/// The outcome of a receive.
public struct ReceiveResult: Sendable {
    /// One operation per mint of the token.
    public var operationIDs: [OperationID]
    /// The amount credited (the token's value minus input fees).
    public var amount: UInt64
    /// Input fees paid.
    public var fee: UInt64
}

extension Wallet {
    /// Receives an encoded token (`cashuA…`, `cashuB…`, `cashu:` URIs).
    /// - Throws: ``WalletError`` (`invalidInput`, `unknownMint`, `alreadySpent`, `pending`, ...).
    package func receive(_ encoded: String, options receive: ReceiveOptions = ReceiveOptions())
        async throws(WalletError) -> ReceiveResult
    {
        let token: Token
        do { token = try TokenDecoder.decode(encoded) } catch {
            throw WalletError(.invalidInput, "not a Cashu token: \(error)", underlying: error)
        }
        return try await self.receive(token: token, options: receive)
    }

    /// Receives a decoded token: every mint entry is swapped into fresh proofs.
    package func receive(token: Token, options receive: ReceiveOptions = ReceiveOptions()) async throws(WalletError)
        -> ReceiveResult
    {
        do { try token.validatePoints() } catch {
            throw WalletError(.invalidInput, "the token holds a point that is not on secp256k1", underlying: error)
        }
        let unit = CurrencyUnit(rawValue: token.unit ?? "sat")
        var result = ReceiveResult(operationIDs: [], amount: 0, fee: 0)
        for entry in token.entries where !entry.proofs.isEmpty {
            let mint: MintURL
            do { mint = try MintURL(entry.mint) } catch {
                throw WalletError(.invalidInput, "the token's mint URL is not valid", underlying: error)
            }
            for outcome in try await receiveEntry(entry.proofs, mint: mint, unit: unit, memo: token.memo, receive) {
                result.operationIDs.append(outcome.operationID)
                result.amount &+= outcome.kept.reduce(0) { $0 &+ $1.amount }  // bounded by the token's checked total
                result.fee &+= outcome.fee
            }
        }
        guard !result.operationIDs.isEmpty else { throw WalletError(.invalidInput, "the token holds no proofs") }
        return result
    }

    /// Receives one mint's proofs of a token: in one swap, or in as few as the mint's request limit allows
    /// (``ReceiveGroup``). Returns the outcome of each swap that settled.
    private func receiveEntry(
        _ proofs: [Proof], mint: MintURL, unit: CurrencyUnit, memo: String?, _ receive: ReceiveOptions
    ) async throws(WalletError) -> [SwapOutcome] {
        if try await read({ tx in try tx.mint(url: mint) }) == nil {
            guard receive.addUnknownMint else {
                throw WalletError(.unknownMint, "the token is from \(mint), which this wallet does not trust; add it")
            }
            try await addMint(mint)
        }
        guard Set(proofs.map(\.secret)).count == proofs.count else {
            throw WalletError(.invalidInput, "the token holds the same proof twice")
        }
        var keysets = try await syncKeysets(mint)
        let known = Set(keysets.map(\.id))
        if proofs.contains(where: { proof in !known.contains(where: { proof.id.matches($0) }) }) {
            // A keyset this process has not seen yet (the mint rotated since the last sync).
            keysets = try await syncKeysets(mint, force: true)
        }
        let inputs = try resolveKeysets(proofs, keysets: keysets, unit: unit)
        let tables = KeysetTables(keysets)
        try await verifyReceived(inputs, tables: tables, mint: mint, unit: unit)
        let parts = try Self.receiveParts(inputs, limit: await requestLimit(mint), feePPK: tables.feePPK)
        let keyset = try await activeKeyset(mint, unit: unit)
        let planner = await planner(keyset)
        let holdings = try await holdings(mint, unit: unit)
        let signingKeys = try await signingKeys(for: inputs, extra: receive.signingKeys)
        let needsSigning = inputs.contains { (try? WellKnownSecret.parse($0.secret)) != nil }
        if needsSigning {
            try Self.requireSpendable(inputs, keys: signingKeys, preimage: receive.preimage, now: Date())
        }
        let ids = parts.map { _ in OperationID.random() }
        // Leased before the journal entries exist, so no recovery pass elsewhere takes one over (Wallet+Leases.swift).
        var claims: [OperationID?] = []
        defer { claims.forEach(release) }
        for id in ids { claims.append(try claim(id)) }
        let group = ids.count > 1 ? ReceiveGroup(leader: ids[0], parts: ids) : nil
        let amount = parts.reduce(0) { $0 + $1.amount }  // each part is bounded by the token's checked total
        let fee = parts.reduce(0) { $0 + $1.fee }
        step(.planned, .receive)
        let records = try await write { tx -> [OperationRecord] in
            var records: [OperationRecord] = []
            for (id, part) in zip(ids, parts) {
                var inputs = part.inputs
                let planned = try self.deterministicOutputs(
                    tx, amounts: try planner.split(part.amount, holdings: holdings), keyset: keyset)
                if needsSigning {
                    inputs = try SpendingConditionSigner.signSwap(
                        inputs: inputs, outputs: planned.map(\.blindedMessage), keys: signingKeys,
                        preimage: receive.preimage)
                }
                let journal = SwapJournal(
                    purpose: .receive,
                    request: SwapRequest(inputs: inputs, outputs: planned.map(\.blindedMessage)), ownInputs: [],
                    outputs: planned, sendIndices: [], amount: part.amount, fee: part.fee, memo: memo,
                    reclaimedOperation: nil, group: group)
                // Only the first part has a history line; it shows the whole receive.
                try self.journal(
                    tx, id: id, kind: .receive, mint: mint, unit: unit, payload: journal, amount: amount, fee: fee,
                    memo: memo, history: id == ids[0])
                records.append(try self.requireOperation(tx, id))
            }
            return records
        }
        step(.journaled, .receive)
        await emitStarted(records[0])
        guard records.count > 1 else { return [try await resumeSwap(records[0], firstAttempt: true)] }
        return try await runReceiveParts(records, amount: amount)
    }

    /// Sends the parts of a split receive one after another. When the first does not happen and its proofs are still
    /// unspent (the mint unreachable, or a refusal it did not act on), nothing of the token was taken: the other
    /// parts, never sent, are closed and the token can be received again. Otherwise (the first settled, or its proofs
    /// were spent before, as when a partly received token is received again) every part is tried. A part left open
    /// is finished by recovery (resent, never dropped); the error says how much arrived, names the first part (whose
    /// history line follows the whole receive), and is `pending` while any part is open.
    private func runReceiveParts(_ records: [OperationRecord], amount: UInt64) async throws(WalletError)
        -> [SwapOutcome]
    {
        var outcomes: [SwapOutcome] = []
        var failure: WalletError?
        let ids = records.map(\.id)
        quietOutcomes.formUnion(ids)
        let whole = WalletOperationEvent(
            id: ids[0], kind: .receive, mint: records[0].mintURL, unit: records[0].unit, amount: amount)
        defer { quietOutcomes.subtract(ids) }
        for (index, record) in records.enumerated() {
            defer { emitProgress(whole, WalletProgress(completed: index + 1, total: records.count, unit: "parts")) }
            do {
                outcomes.append(try await resumeSwap(record, firstAttempt: index == 0))
            } catch {
                if index == 0, error.code != .alreadySpent,
                    try await read({ tx in try self.openOperation(tx, record.id) }) == nil
                {
                    try await closeUnsentParts(records.dropFirst())
                    quietOutcomes.subtract(ids)
                    await emitOutcome(ids[0])
                    throw error
                }
                failure = failure ?? error
            }
        }
        quietOutcomes.subtract(ids)
        await emitOutcome(ids[0])
        guard let failure else { return outcomes }
        let stillOpen = try await read { tx in try ids.contains { try self.openOperation(tx, $0) != nil } }
        let received = outcomes.reduce(0) { sum, outcome in outcome.kept.reduce(sum) { $0 + $1.amount } }
        let summary = "received \(received) of \(amount) in \(outcomes.count) of \(records.count) swaps"
        throw WalletError(
            stillOpen ? .pending : failure.code,
            stillOpen ? "\(summary); the rest is pending and finished by recovery: \(failure.reason)"
                : "\(summary): \(failure.reason)",
            mintError: failure.mintError, operationID: records[0].id, underlying: failure.underlying)
    }

    /// Closes parts of a split receive that were journaled but never sent (this process holds their claims).
    private func closeUnsentParts(_ records: ArraySlice<OperationRecord>) async throws(WalletError) {
        try await write { tx in
            for record in records {
                guard let open = try self.openOperation(tx, record.id) else { continue }
                try self.close(tx, open, state: .failed, history: .failed, amount: 0)
            }
        }
    }

    /// The token's proofs in as few swaps as `limit` inputs per request allows, each worth more than its fee.
    static func receiveParts(_ inputs: [Proof], limit: Int, feePPK: [KeysetID: UInt64]) throws(WalletError)
        -> [ReceivePart]
    {
        var parts: [ReceivePart] = []
        for slice in inputs.chunked(evenly: limit) {
            let proofs = Array(slice)
            let fee: UInt64
            let total: UInt64
            do {
                fee = try InputFees.fee(for: proofs, feePPK: feePPK)
                total = try AmountSplit.sum(proofs.map(\.amount))
            } catch {
                throw WalletError(.invalidInput, "the token's amounts overflow", underlying: error)
            }
            guard total > fee else {
                let share = parts.isEmpty && proofs.count == inputs.count ? "the token" : "a part of the token"
                throw WalletError(.invalidInput, "\(share) is worth \(total), less than the \(fee) fee to receive it")
            }
            parts.append(ReceivePart(inputs: proofs, amount: total - fee, fee: fee))
        }
        return parts
    }

    /// Full keyset ids for the token's proofs; every proof must belong to this mint and unit.
    func resolveKeysets(_ proofs: [Proof], keysets: [StoredKeyset], unit: CurrencyUnit) throws(WalletError)
        -> [Proof]
    {
        let byID = Dictionary(keysets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var resolved = proofs
        for index in resolved.indices {
            var id = resolved[index].id
            if id.isShort {
                do { id = try id.resolve(among: keysets.map(\.id)) } catch {
                    throw WalletError(
                        .invalidInput, "a short keyset id matches no keyset of the mint", underlying: error)
                }
                resolved[index].id = id
            }
            guard let keyset = byID[id] else {
                throw WalletError(.invalidInput, "keyset \(id) is not a keyset of the token's mint")
            }
            guard keyset.unit == unit else {
                throw WalletError(.invalidInput, "keyset \(id) is in \(keyset.unit), the token says \(unit)")
            }
        }
        return resolved
    }

    /// The token's proofs through the received-proofs pipeline (keys for every amount, NUT-12 DLEQ proofs where the
    /// token carries them, the wallet's own verifiers), DLEQ proofs across cores for a large token.
    func verifyReceived(_ proofs: [Proof], tables: KeysetTables, mint: MintURL, unit: CurrencyUnit)
        async throws(WalletError)
    {
        let context = VerificationContext(mint: mint, unit: unit, keys: tables.keys, requireDLEQ: options.requireDLEQ)
        do {
            try await VerificationPipeline.receivedProofs(adding: options.proofVerifiers).verify(proofs, in: context)
        } catch {
            // Cancelled before every proof was checked: the token is not judged (it may well be good).
            guard !error.isCancellation else {
                throw WalletError(.cancelled, "cancelled while checking the token's proofs", underlying: error)
            }
            let which = error.index.map { "proof \($0 + 1) of \(proofs.count)" } ?? "the token"
            throw WalletError(.invalidInput, "\(which) \(error.reason)", underlying: error)
        }
    }

    /// Refuses, before anything is journaled or asked of the mint, locked proofs this wallet cannot spend with
    /// `keys` and `preimage` at `now` (NUT-11/14): too few of their keys, or an HTLC without its preimage.
    static func requireSpendable(_ proofs: [Proof], keys: [Scalar], preimage: HTLCPreimage?, now: Date)
        throws(WalletError)
    {
        let held = Set(keys.map(\.publicKey))
        let seconds = UInt64(max(0, now.timeIntervalSince1970))
        for proof in proofs {
            // Signatures (or a preimage) already in the witness count too: the signer keeps them, the mint judges.
            guard proof.witness?.isEmpty ?? true else { continue }
            guard let conditions = try? SpendingConditions.parse(secret: proof.secret) else { continue }
            let opens = preimage.map { preimage in conditions.hashLock.map(preimage.opens) ?? false } ?? false
            guard !conditions.isSpendable(withKeys: held, hasPreimage: opens, at: seconds) else { continue }
            if conditions.kind == .htlc && !opens {
                throw WalletError(
                    .invalidInput, "the token is locked to a hash: its preimage is needed (HTLC, NUT-14)")
            }
            throw WalletError(
                .invalidInput,
                "the token is locked to keys this wallet does not hold (or not enough of them: NUT-11)")
        }
    }

    /// Private keys for the P2PK locks among `proofs`: the given ones plus those in the secure store, and for NUT-28
    /// blinded locks (a proof with `p2pk_e`) the keys derived from those and this wallet's receiving keys.
    func signingKeys(for proofs: [Proof], extra: [Scalar]) async throws(WalletError) -> [Scalar] {
        var keys = extra
        var wanted = Set<Point>()
        var blinded: [(keys: [Point], ephemeral: Point)] = []
        var seen = Set<[Point]>()
        for proof in proofs {
            guard let conditions = try? SpendingConditions.parse(secret: proof.secret) else { continue }
            let slots = (conditions.main?.keys ?? []) + (conditions.refund?.keys ?? [])
            if let ephemeral = proof.p2pkE, conditions.kind == .p2pk {
                if seen.insert(slots + [ephemeral]).inserted { blinded.append((slots, ephemeral)) }
            } else {
                for key in slots { wanted.insert(key) }
            }
        }
        // Stored, or derived from the seed (a token locked to this wallet before it was restored).
        let given = Set(keys.map(\.publicKey))
        keys += try await lockingKeys(for: wanted.subtracting(given), .p2pk).values
        guard !blinded.isEmpty else { return keys }
        let receivers = (extra + (try await blindedLookupCandidates())).map(P2BKReceiver.init(privateKey:))
        // Each pair costs an ECDH (~50 µs): a hostile token of thousands of blinded proofs is refused, not worked on.
        guard blinded.count * receivers.count <= 200_000 else {
            throw WalletError(.invalidInput, "the token holds too many blinded locks (\(blinded.count)) to check")
        }
        for lock in blinded {
            for receiver in receivers {
                let found: [Int: Scalar]
                do { found = try receiver.signingKeys(for: lock.keys, ephemeralKey: lock.ephemeral) } catch {
                    throw WalletError(.invalidInput, "a blinded lock has too many keys", underlying: error)
                }
                keys += found.values
                // One of ours per lock is the common case (and what makes large blinded tokens affordable).
                if !found.isEmpty { break }
            }
        }
        return keys
    }
}
