// Wallet: sending — exact proofs offline when the wallet has them, else a swap first; optional P2PK/HTLC lock.

import Foundation

/// The outcome of a send.
package struct SendResult: Sendable {
    /// The send's operation id (its proofs stay `sent` under it until claimed or reclaimed).
    package var operationID: OperationID
    /// The token to hand over.
    package var token: Token
    /// The token's amount.
    package var amount: UInt64
    /// Input fees paid by the swap (0 offline).
    package var fee: UInt64
    /// Whether a swap was needed.
    package var swapped: Bool
}

extension Wallet {
    /// Makes a token worth `amount`: ``prepareSend(amount:mint:unit:options:holdFor:)`` and its confirmation in one
    /// call.
    /// - Throws: ``WalletError`` (`insufficientFunds`, `unsupported` for a lock the mint does not support, `pending`).
    package func send(
        amount: UInt64, mint: MintURL, unit: CurrencyUnit = .sat, options send: SendOptions = SendOptions()
    ) async throws(WalletError) -> SendResult {
        try await confirm(try await prepareSend(amount: amount, mint: mint, unit: unit, options: send))
    }

    /// Prepares a token worth `amount`: chooses and holds the proofs and states the fees, spending nothing until
    /// ``PreparedSend/confirm()``. Exact proofs are handed over as they are when the options allow; otherwise the held
    /// proofs are swapped at confirmation. A send needing more proofs than one request may carry first merges the
    /// smallest ones (swaps of the wallet's own proofs, whose fees are paid even if the send is cancelled).
    /// - Parameters:
    ///   - amount: the token's amount (before the receiver's fee is added under `includeFees`).
    ///   - mint: the mint the token is of.
    ///   - unit: its unit.
    ///   - send: how to send (offline, locks, the receiver's fee, a memo).
    ///   - holdFor: how long the proofs stay held unconfirmed (`WalletOptions.preparedHold` when `nil`).
    /// - Throws: ``WalletError`` (`insufficientFunds`, `unsupported` for a lock the mint does not support).
    public func prepareSend(
        amount: UInt64, mint: MintURL, unit: CurrencyUnit = .sat, options send: SendOptions = SendOptions(),
        holdFor: Duration? = nil
    ) async throws(WalletError) -> PreparedSend {
        try await requireMint(mint)
        guard amount > 0 else { throw WalletError(.invalidInput, "the amount must be positive") }
        _ = try await syncKeysetsIfPossible(mint)
        let tables = try await keysetTables(mint)
        let selector = tables.selector(maxInputs: await requestLimit(mint))
        let expiresAt = Date().addingTimeInterval(Self.seconds(holdFor ?? options.preparedHold))
        let id = OperationID.random()
        // Leased before the hold is journaled, and kept while it lasts: no recovery pass elsewhere releases it.
        let claimed = try claim(id)
        var holding = false
        defer { if !holding { release(claimed) } }
        step(.planned, .send)
        let plan: SendPlan
        if send.lock == nil, send.preferOffline || send.offlineOnly,
            let exact = try await holdExact(amount, id: id, mint: mint, unit: unit, send, selector, until: expiresAt)
        {
            plan = exact
        } else {
            if send.offlineOnly { throw WalletError(.insufficientFunds, "no exact proofs for \(amount) \(unit)") }
            plan = try await holdForSwap(amount, id: id, mint: mint, unit: unit, send, selector, until: expiresAt)
        }
        holding = true
        startHoldTimer(id, expiresAt: expiresAt)
        step(.held, .send)
        let prepared = PreparedSend(
            operationID: id, mint: mint, unit: unit, amount: plan.amount, fee: plan.fee,
            receiverFee: plan.receiverFee, swaps: plan.sendAmounts != nil, reserved: plan.reserved,
            expiresAt: expiresAt, wallet: self, options: send, sendAmounts: plan.sendAmounts)
        emit(
            .operationPrepared(
                WalletOperationEvent(
                    id: id, kind: .send, mint: mint, unit: unit, amount: prepared.amount, fee: prepared.fee)))
        await emitBalance(mint, unit: unit)
        return prepared
    }

    /// What a prepared send holds and costs.
    private struct SendPlan: Sendable {
        var amount: UInt64
        var fee: UInt64
        var receiverFee: UInt64
        var reserved: UInt64
        /// The token's denominations, for a send that swaps; `nil` for exact proofs handed over.
        var sendAmounts: [UInt64]?
    }

    /// Holds proofs of exactly `amount` (plus the receiver's fee when asked), if the wallet has them.
    private func holdExact(
        _ amount: UInt64, id: OperationID, mint: MintURL, unit: CurrencyUnit, _ send: SendOptions,
        _ selector: ProofSelector, until expiresAt: Date
    ) async throws(WalletError) -> SendPlan? {
        try await write { tx -> SendPlan? in
            guard
                let selection = try selector.selectExact(
                    in: tx, mint: mint, unit: unit, amount: amount, includingFee: send.includeFees)
            else { return nil }
            try self.placeHold(
                tx, id: id, kind: .send, mint: mint, unit: unit,
                HoldJournal(purpose: .sendOffline, inputs: selection.proofs.map(\.Y), expiresAt: expiresAt))
            return SendPlan(
                amount: selection.total, fee: 0, receiverFee: selection.fee, reserved: selection.total,
                sendAmounts: nil)
        }
    }

    /// Holds proofs covering a swap into the token's denominations, their input fee, and change.
    private func holdForSwap(
        _ amount: UInt64, id: OperationID, mint: MintURL, unit: CurrencyUnit, _ send: SendOptions,
        _ selector: ProofSelector, until expiresAt: Date
    ) async throws(WalletError) -> SendPlan {
        if let lock = send.lock {
            let nut = { if case .htlc = lock { 14 } else { 11 } }()
            guard try await capabilities(of: mint).supports(nut: nut) else {
                throw WalletError(.unsupported, "mint \(mint) does not support NUT-\(nut); a lock would not hold")
            }
        }
        let keyset = try await activeKeyset(mint, unit: unit)
        let sendAmounts = try await tokenDenominations(amount, keyset: keyset, includeFees: send.includeFees)
        let sendTotal = sendAmounts.reduce(0, +)
        let receiverFee = (try? InputFees.fee(ppkPerInput: sendAmounts.map { _ in keyset.inputFeePPK })) ?? 0
        // Too many small proofs for one request: merged first (Wallet+Consolidate.swift).
        return try await withConsolidation(covering: sendTotal, mint: mint, unit: unit) {
            () async throws(WalletError) -> SendPlan in
            try await write { tx -> SendPlan in
                guard let selection = try selector.select(in: tx, mint: mint, unit: unit, atLeast: sendTotal) else {
                    throw WalletError(.insufficientFunds, "not enough \(unit) at \(mint) for \(sendTotal) plus fees")
                }
                try self.placeHold(
                    tx, id: id, kind: .send, mint: mint, unit: unit,
                    HoldJournal(purpose: .sendSwap, inputs: selection.proofs.map(\.Y), expiresAt: expiresAt))
                return SendPlan(
                    amount: sendTotal, fee: selection.fee, receiverFee: receiverFee, reserved: selection.total,
                    sendAmounts: sendAmounts)
            }
        }
    }

    /// The token's denominations for `amount`; with `includeFees`, those of the smallest total that still leaves the
    /// receiver `amount` after its swap fee (``SendFeeCover``).
    private func tokenDenominations(_ amount: UInt64, keyset: StoredKeyset, includeFees: Bool)
        async throws(WalletError) -> [UInt64]
    {
        let planner = await planner(keyset)
        do {
            guard includeFees else { return try planner.exact(amount) }
            return try SendFeeCover.denominations(covering: amount, feePPK: keyset.inputFeePPK) { total in
                try planner.exact(total)
            }
        } catch {
            throw WalletError(.unsupported, "the amount cannot be made from the keyset's denominations")
        }
    }

    /// Confirms a prepared send: the held proofs become the token, or are swapped into it and change.
    func confirm(_ prepared: PreparedSend) async throws(WalletError) -> SendResult {
        let id = prepared.operationID
        try takeHold(id, of: prepared.wallet)
        defer { release(id) }
        guard let sendAmounts = prepared.sendAmounts else { return try await confirmExact(prepared) }
        let send = prepared.options
        let record: OperationRecord
        do {
            let keyset = try await activeKeyset(prepared.mint, unit: prepared.unit)
            let planner = await planner(keyset)
            let holdings = try await holdings(prepared.mint, unit: prepared.unit)
            let selector = try await keysetTables(prepared.mint).selector(maxInputs: await requestLimit(prepared.mint))
            let lockedSecrets = try makeLockedSecrets(send.lock, count: sendAmounts.count)
            let (mint, unit, sendTotal) = (prepared.mint, prepared.unit, prepared.amount)
            record = try await write { tx -> OperationRecord in
                let held = try self.heldInputs(tx, id).proofs
                let fee = try selector.fee(of: held)
                let total = held.reduce(UInt64(0)) { $0 &+ $1.amount }
                guard total >= sendTotal &+ fee, fee == prepared.fee else {
                    throw WalletError(.expired, "the held proofs changed; nothing was spent")
                }
                let changeAmounts = try planner.leaving(sendAmounts.count).split(
                    total - fee - sendTotal, holdings: holdings)
                let change = try self.deterministicOutputs(tx, amounts: changeAmounts, keyset: keyset)
                var sendOutputs = try lockedSecrets.map { locked throws(CryptoError) in
                    try OutputFactory.withSecrets(locked.map(\.secret), amounts: sendAmounts, keysetID: keyset.id)
                } ?? self.deterministicOutputs(tx, amounts: sendAmounts, keyset: keyset)
                if let lockedSecrets {
                    for index in sendOutputs.indices { sendOutputs[index].p2pkE = lockedSecrets[index].ephemeralKey }
                }
                let (ordered, sendIndices) = Self.interleave(send: sendOutputs, change: change)
                let journal = SwapJournal(
                    purpose: .send,
                    request: SwapRequest(inputs: held.map(\.proof), outputs: ordered.map(\.blindedMessage)),
                    ownInputs: held.map(\.Y), outputs: ordered, sendIndices: sendIndices, amount: sendTotal, fee: fee,
                    memo: send.memo, reclaimedOperation: nil)
                try self.journal(
                    tx, id: id, kind: .send, mint: mint, unit: unit, payload: journal, amount: sendTotal, fee: fee,
                    memo: send.memo)
                return try self.requireOperation(tx, id)
            }
        } catch {
            // Nothing left the wallet: the proofs go back.
            await releaseHoldOrRetry(id, because: error.code == .expired ? .expired : .refused)
            throw error
        }
        step(.journaled, .send)
        await emitStarted(record)
        let outcome = try await resumeSwap(record, firstAttempt: true)
        let proofs = send.includeDLEQ ? outcome.sent : outcome.sent.map { var p = $0; p.dleq = nil; return p }
        let token = Token(mint: prepared.mint.rawValue, unit: prepared.unit.rawValue, memo: send.memo, proofs: proofs)
        return SendResult(operationID: id, token: token, amount: prepared.amount, fee: outcome.fee, swapped: true)
    }

    /// Confirms a send of exact proofs: they become the token (status `sent`), with no request to the mint.
    private func confirmExact(_ prepared: PreparedSend) async throws(WalletError) -> SendResult {
        let id = prepared.operationID
        let (mint, unit, memo) = (prepared.mint, prepared.unit, prepared.options.memo)
        let held: [StoredProof]
        do {
            held = try await write { tx -> [StoredProof] in
                let (record, _, held) = try self.heldInputs(tx, id)
                try tx.setStatus(.sent, Ys: held.map(\.Y), operationID: id)
                try self.close(tx, record, state: .done, history: .pending)
                let now = Date()
                try tx.saveHistoryEntry(
                    HistoryEntry(
                        id: id, kind: .send, mintURL: mint, unit: unit, amount: prepared.amount, fee: 0,
                        state: .pending, memo: memo, createdAt: now, updatedAt: now))
                return held
            }
        } catch {
            await releaseHoldOrRetry(id, because: error.code == .expired ? .expired : .refused)
            throw error
        }
        await emitOutcome(id)
        var proofs = held.map(\.proof)
        if !prepared.options.includeDLEQ { proofs = proofs.map { var p = $0; p.dleq = nil; return p } }
        let token = Token(mint: mint.rawValue, unit: unit.rawValue, memo: memo, proofs: proofs)
        return SendResult(operationID: id, token: token, amount: prepared.amount, fee: 0, swapped: false)
    }

    /// A duration in seconds, for dates.
    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// Fresh NUT-10 secrets for locked outputs, one per output (each with its own nonce), with the NUT-28 ephemeral
    /// key `E` of each blinded one.
    private func makeLockedSecrets(_ lock: SendOptions.Lock?, count: Int) throws(WalletError)
        -> [(secret: String, ephemeralKey: Point?)]?
    {
        guard let lock else { return nil }
        var secrets: [(secret: String, ephemeralKey: Point?)] = []
        do {
            // NUT-28: one ephemeral key per output, except under SIG_ALL where all outputs share one.
            var shared: P2BKEphemeralKey?
            if case .p2bk(_, let lockOptions) = lock, lockOptions.sigFlag == .sigAll { shared = P2BKEphemeralKey() }
            for _ in 0..<count {
                switch lock {
                case .p2pk(let key, let lockOptions):
                    secrets.append((try WellKnownSecret.p2pk(lockedTo: key, options: lockOptions).rawValue, nil))
                case .htlc(let hashLock, let lockOptions):
                    secrets.append((try WellKnownSecret.htlc(hashLock: hashLock, options: lockOptions).rawValue, nil))
                case .p2bk(let key, let lockOptions):
                    let ephemeral = shared ?? P2BKEphemeralKey()
                    let extra = lockOptions.additionalKeys.count
                    let blinded = try ephemeral.blind([key] + lockOptions.additionalKeys + lockOptions.refundKeys)
                    var options = lockOptions
                    options.additionalKeys = Array(blinded[1..<(1 + extra)])
                    options.refundKeys = Array(blinded[(1 + extra)...])
                    let secret = try WellKnownSecret.p2pk(lockedTo: blinded[0], options: options).rawValue
                    secrets.append((secret, ephemeral.publicKey))
                }
            }
        } catch {
            throw WalletError(.invalidInput, "the lock is not valid: \(error)", underlying: error)
        }
        return secrets
    }

    /// All outputs sorted by amount (NUT-03 privacy), with the indices of the ones to send.
    static func interleave(send: [PlannedOutput], change: [PlannedOutput]) -> ([PlannedOutput], [Int]) {
        let tagged = (send.map { ($0, true) } + change.map { ($0, false) }).sorted { $0.0.amount < $1.0.amount }
        return (tagged.map(\.0), tagged.indices.filter { tagged[$0].1 })
    }
}
