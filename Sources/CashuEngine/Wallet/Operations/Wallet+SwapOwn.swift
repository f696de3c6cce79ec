// Wallet: swapping the wallet's own proofs (NUT-03) into an exact amount plus change.

extension Wallet {
    /// Swaps own proofs so that proofs summing exactly to `target` exist (plus change). The new proofs are unspent.
    /// - Returns: the swap's outcome.
    @discardableResult
    func swapOwn(target: UInt64, mint: MintURL, unit: CurrencyUnit, keyset: StoredKeyset) async throws(WalletError)
        -> SwapOutcome
    {
        let selector = try await keysetTables(mint).selector(maxInputs: await requestLimit(mint))
        let planner = await planner(keyset)
        let holdings = try await holdings(mint, unit: unit)
        let id = OperationID.random()
        // Leased before the journal entry exists, so no recovery pass elsewhere takes it over (Wallet+Leases.swift).
        let claimed = try claim(id)
        defer { release(claimed) }
        let record = try await withConsolidation(covering: target, mint: mint, unit: unit) {
            () async throws(WalletError) -> OperationRecord in
            try await write { tx -> OperationRecord in
                guard let selection = try selector.select(in: tx, mint: mint, unit: unit, atLeast: target) else {
                    throw WalletError(.insufficientFunds, "not enough \(unit) at \(mint) for \(target) plus fees")
                }
                try tx.setStatus(.reserved, Ys: selection.proofs.map(\.Y), operationID: id)
                let exact = try planner.exact(target)
                let change = try planner.leaving(exact.count).split(
                    selection.total - selection.fee - target, holdings: holdings)
                let planned = try self.deterministicOutputs(tx, amounts: (exact + change).sorted(), keyset: keyset)
                let journal = SwapJournal(
                    purpose: .swap,
                    request: SwapRequest(inputs: selection.proofs.map(\.proof), outputs: planned.map(\.blindedMessage)),
                    ownInputs: selection.proofs.map(\.Y), outputs: planned, sendIndices: [], amount: target,
                    fee: selection.fee, memo: nil, reclaimedOperation: nil)
                try self.journal(
                    tx, id: id, kind: .swap, mint: mint, unit: unit, payload: journal, amount: target,
                    fee: selection.fee)
                return try self.requireOperation(tx, id)
            }
        }
        step(.journaled, .swap)
        await emitStarted(record)
        return try await resumeSwap(record, firstAttempt: true)
    }
}

extension Wallet {
    /// Swaps exactly `inputs` into fresh proofs of `keyset`, minus the input fee. The inputs must still be in
    /// `status`: unspent for a plain swap, or `sent` when `reclaiming` names the send whose token they came from.
    /// When `consolidating`, the outputs are as few as the amount allows (merging small proofs). Locked inputs (a
    /// reclaimed locked send) are signed with `signingKeys` over the final outputs before the request is journaled.
    /// With `heldBy`, the inputs are what that prepared operation holds (reserved under it); with `exactly`, the
    /// outputs make that amount exactly, the rest is change.
    func swapOwn(
        inputs: [StoredProof], mint: MintURL, unit: CurrencyUnit, keyset: StoredKeyset,
        from status: ProofStatus = .unspent, reclaiming: OperationID? = nil, consolidating: Bool = false,
        signingKeys: [Scalar]? = nil, heldBy hold: OperationID? = nil, exactly target: UInt64? = nil
    ) async throws(WalletError) -> SwapOutcome {
        let kind: OperationKind = reclaiming == nil ? .swap : .reclaim
        let selector = try await keysetTables(mint).selector(maxInputs: await requestLimit(mint))
        let planner = await planner(keyset)
        let holdings = try await holdings(mint, unit: unit)
        let id = OperationID.random()
        // Leased before the journal entry exists, so no recovery pass elsewhere takes it over (Wallet+Leases.swift).
        let claimed = try claim(id)
        defer { release(claimed) }
        step(.planned, kind)
        let record = try await write { tx -> OperationRecord in
            let current = try tx.proofs(Ys: inputs.map(\.Y)).filter {
                $0.status == status && (hold == nil || $0.operationID == hold)
            }
            guard current.count == inputs.count, hold == nil || !inputs.isEmpty else {
                throw WalletError(
                    .invalidInput,
                    reclaiming == nil
                        ? "the proofs changed meanwhile; try again" : "the token changed while reclaiming; try again")
            }
            let fee = try selector.fee(of: current)
            let total = current.reduce(UInt64(0)) { $0 + $1.amount }
            guard total > fee else { throw WalletError(.insufficientFunds, "the proofs are worth less than the fee") }
            try tx.setStatus(.reserved, Ys: current.map(\.Y), operationID: id)
            let amounts: [UInt64]
            if let target {
                guard total - fee >= target else {
                    throw WalletError(.insufficientFunds, "the held proofs no longer cover \(target) plus fees")
                }
                let exact = try planner.exact(target)
                amounts = (exact + (try planner.leaving(exact.count).split(total - fee - target, holdings: holdings)))
                    .sorted()
            } else {
                amounts =
                    consolidating ? try planner.exact(total - fee) : try planner.split(total - fee, holdings: holdings)
            }
            let planned = try self.deterministicOutputs(tx, amounts: amounts, keyset: keyset)
            var signed = current.map(\.proof)
            if let signingKeys {
                do {
                    signed = try SpendingConditionSigner.signSwap(
                        inputs: signed, outputs: planned.map(\.blindedMessage), keys: signingKeys)
                } catch {
                    throw WalletError(.invalidInput, "the locked proofs cannot be signed", underlying: error)
                }
            }
            let journal = SwapJournal(
                purpose: reclaiming == nil ? .swap : .reclaim,
                request: SwapRequest(inputs: signed, outputs: planned.map(\.blindedMessage)),
                ownInputs: current.map(\.Y), outputs: planned, sendIndices: [], amount: total - fee, fee: fee,
                memo: nil, reclaimedOperation: reclaiming)
            try self.journal(
                tx, id: id, kind: kind, mint: mint, unit: unit, payload: journal, amount: total - fee, fee: fee)
            return try self.requireOperation(tx, id)
        }
        step(.journaled, kind)
        await emitStarted(record)
        return try await resumeSwap(record, firstAttempt: true)
    }
}
