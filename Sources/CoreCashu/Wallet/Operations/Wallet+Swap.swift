// Wallet: the swap engine (NUT-03) behind receive, send, reclaim and melt preparation — journal, send, settle.

import Foundation

/// The outcome of a swap.
struct SwapOutcome: Sendable {
    var operationID: OperationID
    /// Proofs given away (status `sent`), in output order.
    var sent: [Proof]
    /// Proofs kept (status `unspent`).
    var kept: [StoredProof]
    var fee: UInt64
}

extension Wallet {
    /// Sends a journaled swap (or re-sends it byte-identically) and settles the answer.
    func resumeSwap(_ operation: OperationRecord, firstAttempt: Bool = false) async throws(WalletError) -> SwapOutcome {
        let claimed = try claim(operation.id)
        defer { release(claimed) }
        let journal = try Self.decodeJSON(SwapJournal.self, operation.payload)
        let signatures: [BlindSignature]
        do {
            signatures = try await connector(operation.mintURL).swap(journal.request).signatures
        } catch let error where error.code == .unreachable && firstAttempt {
            try failOperation(operation.id, release: journal.ownInputs, as: journal.releaseStatus)
            throw WalletError.mint(error)
        } catch let error where error.code == .mintRefused {
            // A refusal may follow an earlier attempt that went through (11001, 11003), and Nutshell refuses with
            // code 0 on any internal error: NUT-09 and NUT-07 say what the mint really did before anything is
            // released.
            do {
                return try await resolveSwap(operation, journal: journal, refusal: error)
            } catch let resolved {
                throw reportAfterRefusal(resolved, refusal: error, operation: operation.id)
            }
        } catch {
            throw WalletError.mint(error, operationID: operation.id)
        }
        step(.answered, operation.kind)
        return try settleSwap(operation, journal: journal, signatures: signatures)
    }

    /// Learns what became of a swap whose answer is unknown or refused: NUT-07 for its inputs first (a swap is atomic:
    /// unspent inputs mean it did not happen, whatever a restore says), then NUT-09 for its outputs.
    func resolveSwap(_ operation: OperationRecord, journal: SwapJournal, refusal: MintClientError)
        async throws(WalletError) -> SwapOutcome
    {
        let states: [CompressedPoint: ProofState.State]
        let inputYs: [CompressedPoint]
        do {
            inputYs = try journal.request.inputs.map { proof throws(CryptoError) in
                CompressedPoint(try HashToCurve.point(secret: proof.secret))
            }
            states = try await proofStates(operation.mintURL, Ys: inputYs)
        } catch let error as MintClientError {
            throw WalletError.mint(error, operationID: operation.id)
        } catch {
            throw WalletError(.crypto, "cannot hash an input secret", operationID: operation.id, underlying: error)
        }
        let inputStates = inputYs.map { states[$0] ?? .unknown("missing") }
        if inputStates.contains(where: { $0 == .pending || !$0.isKnown }) {
            throw WalletError(.pending, "the swap's inputs are pending at the mint", operationID: operation.id)
        }
        if inputStates.allSatisfy({ $0 == .unspent }) {
            // The swap did not happen (even if a restore knew our outputs: then a counter was reused elsewhere):
            // the refusal stands and the wallet's inputs are released.
            try failOperation(operation.id, release: journal.ownInputs, as: journal.releaseStatus)
            throw WalletError.mint(refusal)
        }
        guard inputStates.allSatisfy({ $0 == .spent }) else {
            // Some spent, some not: not this swap (it is atomic); someone else spent part of the inputs.
            try failSpentElsewhere(operation, journal: journal, states: states)
        }
        let restored: [Int: BlindSignature]
        do { restored = try await restoreSignatures(operation.mintURL, outputs: journal.outputs) } catch {
            throw WalletError.mint(error, operationID: operation.id)
        }
        if restored.count == journal.outputs.count {
            let signatures = (0..<journal.outputs.count).compactMap { restored[$0] }
            return try settleSwap(operation, journal: journal, signatures: signatures)
        }
        guard restored.isEmpty else {
            // A swap is atomic (NUT-03): the mint signed all of its outputs or none. Part of them is a broken answer,
            // and settling on it would lose the rest.
            throw WalletError(
                .invalidMintResponse,
                "the mint restored \(restored.count) of the swap's \(journal.outputs.count) outputs",
                operationID: operation.id)
        }
        // Inputs spent but none of our outputs signed: someone else spent them (a token claimed twice).
        try failSpentElsewhere(operation, journal: journal, states: states)
    }

    func settleSwap(_ operation: OperationRecord, journal: SwapJournal, signatures: [BlindSignature])
        throws(WalletError) -> SwapOutcome
    {
        let unblinder = try unblinder(for: operation.mintURL)
        let proofs: [Proof]
        do { proofs = try unblinder.proofs(signatures: signatures, outputs: journal.outputs) } catch {
            throw WalletError(error.code, error.reason, operationID: operation.id)
        }
        let sendIndices = Set(journal.sendIndices)
        var sent: [Proof] = []
        var kept: [Proof] = []
        for (index, proof) in proofs.enumerated() {
            if sendIndices.contains(index) { sent.append(proof) } else { kept.append(proof) }
        }
        let sendOwner = journal.purpose == .send ? operation.id : nil
        let storedSent = try stored(sent, mint: operation.mintURL, unit: operation.unit, status: .sent, operationID: sendOwner)
        let storedKept = try stored(kept, mint: operation.mintURL, unit: operation.unit)
        let settledHere = try settleWrite(operation.id) { tx -> Bool in
            // Valid signatures are never dropped: even when another pass closed the operation meanwhile, the proofs
            // are the wallet's and the inputs are spent (stores ignore proofs they already hold).
            try tx.addProofs(storedSent + storedKept)
            if !journal.ownInputs.isEmpty { try tx.setStatus(.spent, Ys: journal.ownInputs, operationID: operation.id) }
            guard let open = try self.openOperation(tx, operation.id) else { return false }
            // A restore may have stored the token's proofs first, as unspent: they are the token's.
            if let sendOwner, !storedSent.isEmpty {
                try tx.setStatus(.sent, Ys: storedSent.map(\.Y), operationID: sendOwner)
            }
            // A receive of the wallet's own token spends those proofs too.
            let foreign = receivedInputYs(journal)
            let ownSent = try tx.proofs(Ys: foreign).filter { $0.status != .spent }
            if !ownSent.isEmpty {
                try tx.setStatus(.spent, Ys: ownSent.map(\.Y), operationID: operation.id)
                // Those sends came back to the wallet: they did not go out.
                for send in Set(ownSent.compactMap(\.operationID)) {
                    try self.closeHistory(tx, send, as: .failed)
                }
            }
            let history: HistoryEntry.State = journal.purpose == .send ? .pending : .done
            try self.close(tx, open, state: .done, history: history, amount: journal.amount)
            if let reclaimed = journal.reclaimedOperation { try self.closeHistory(tx, reclaimed, as: .failed) }
            return true
        }
        if !settledHere && journal.purpose == .send {
            // Another pass settled this send first. A locked send stays a send: its proofs are the token. Otherwise
            // it kept the outputs, and a token made of them now would be spent twice.
            let stillSent = try read { tx in try tx.proofs(operationID: operation.id) }.filter { $0.status == .sent }
            guard !sent.isEmpty, stillSent.count == sent.count else {
                throw WalletError(
                    .cancelled, "a recovery pass settled this send first and kept its outputs; no token was made",
                    operationID: operation.id)
            }
        }
        step(.settled, operation.kind)
        return SwapOutcome(operationID: operation.id, sent: sent, kept: storedKept, fee: journal.fee)
    }

    /// `Y`s of a swap's inputs that are not the wallet's reserved ones (a received token's proofs).
    private func receivedInputYs(_ journal: SwapJournal) -> [CompressedPoint] {
        guard journal.ownInputs.isEmpty else { return [] }
        return journal.request.inputs.compactMap { proof in
            (try? HashToCurve.point(secret: proof.secret)).map(CompressedPoint.init)
        }
    }

    /// Closes a swap whose inputs were spent by someone else (none of its outputs signed): the wallet's spent inputs
    /// are marked spent, any still unspent are released (back to the token for a reclaim), and the caller learns the
    /// proofs were already spent.
    private func failSpentElsewhere(
        _ operation: OperationRecord, journal: SwapJournal, states: [CompressedPoint: ProofState.State]
    ) throws(WalletError) -> Never {
        let spentOwn = journal.ownInputs.filter { states[$0] == .spent }
        let unspentOwn = journal.ownInputs.filter { states[$0] == .unspent }
        try write { tx in
            guard let open = try self.openOperation(tx, operation.id) else { return }
            if !spentOwn.isEmpty { try tx.setStatus(.spent, Ys: spentOwn, operationID: operation.id) }
            let (status, owner) = journal.releaseStatus
            if !unspentOwn.isEmpty { try tx.setStatus(status, Ys: unspentOwn, operationID: owner) }
            try self.close(tx, open, state: .failed, history: .failed, amount: 0)
        }
        step(.settled, operation.kind)
        throw WalletError(.alreadySpent, "the proofs were spent elsewhere before this swap", operationID: operation.id)
    }
}
