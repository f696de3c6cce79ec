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
        return try await runSwap(operation, journal: journal, firstAttempt: firstAttempt).get()
    }

    /// Runs a swap operation's saga (``SwapSaga``) on `journal` (which recovery may have rewritten from the stored
    /// one): performs each action it asks for and feeds the result back. The caller holds the operation's claim
    /// (``claim(_:)``).
    func runSwap(_ operation: OperationRecord, journal: SwapJournal, firstAttempt: Bool) async
        -> SagaOutcome<SwapOutcome>
    {
        assert(inFlight[operation.id] != nil, "a swap runs under its operation's claim")
        var saga = SwapSaga(
            operationID: operation.id, kind: operation.kind, journal: journal, firstAttempt: firstAttempt)
        var action = saga.start()
        while true {
            switch action {
            case .send(let request):
                do {
                    let signatures = try await connector(operation.mintURL).swap(request).signatures
                    step(.answered, operation.kind)
                    action = saga.handle(.answered(signatures))
                } catch {
                    action = saga.handle(.requestFailed(error))
                }
            case .checkInputs(let Ys):
                do { action = saga.handle(.inputStates(try await proofStates(operation.mintURL, Ys: Ys))) } catch {
                    action = saga.handle(.inputStatesFailed(error))
                }
            case .restore(let outputs):
                do {
                    action = saga.handle(.restored(try await restoreSignatures(operation.mintURL, outputs: outputs)))
                } catch {
                    action = saga.handle(.restoreFailed(error))
                }
            case .settle(let signatures):
                do {
                    let settlement = try await settleSwap(operation, journal: journal, signatures: signatures)
                    action = saga.handle(.settled(settlement))
                    if case .finish(.settled) = action { step(.settled, operation.kind) }
                } catch {
                    action = saga.handle(.settleFailed(error))
                }
            case .close(let closing):
                do {
                    try await closeSwap(operation, journal: journal, closing)
                    action = saga.handle(.closed)
                } catch {
                    action = saga.handle(.closeFailed(error))
                }
            case .finish(let outcome):
                logMismatch(outcome, operation)
                await emitOutcome(operation.id)
                return outcome
            }
        }
    }

    /// Stores a swap's signatures: the proofs made, the inputs spent, the operation closed (when still open).
    func settleSwap(_ operation: OperationRecord, journal: SwapJournal, signatures: [BlindSignature])
        async throws(WalletError) -> SwapSettlement
    {
        let unblinder = try await unblinder(for: operation.mintURL)
        let proofs: [Proof]
        do { proofs = try await unblinder.proofs(signatures: signatures, outputs: journal.outputs) } catch {
            throw WalletError(error.code, error.reason, operationID: operation.id)
        }
        let sendIndices = Set(journal.sendIndices)
        var sent: [Proof] = []
        var kept: [Proof] = []
        for (index, proof) in proofs.enumerated() {
            if sendIndices.contains(index) { sent.append(proof) } else { kept.append(proof) }
        }
        let sendOwner = journal.purpose == .send ? operation.id : nil
        let storedSent = try stored(
            sent, mint: operation.mintURL, unit: operation.unit, status: .sent, operationID: sendOwner)
        let storedKept = try stored(kept, mint: operation.mintURL, unit: operation.unit)
        let closedHere = try await settleWrite(operation.id) { tx -> Bool in
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
            let foreign = self.receivedInputYs(journal)
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
        var stillSent = sent.count
        if !closedHere && journal.purpose == .send {
            let id = operation.id
            stillSent = try await read { tx in try tx.proofs(operationID: id) }.filter { $0.status == .sent }.count
        }
        return SwapSettlement(
            outcome: SwapOutcome(operationID: operation.id, sent: sent, kept: storedKept, fee: journal.fee),
            closedHere: closedHere, stillSent: stillSent)
    }

    /// `Y`s of a swap's inputs that are not the wallet's reserved ones (a received token's proofs).
    private nonisolated func receivedInputYs(_ journal: SwapJournal) -> [CompressedPoint] {
        guard journal.ownInputs.isEmpty else { return [] }
        return journal.request.inputs.compactMap { proof in
            (try? HashToCurve.point(secret: proof.secret)).map(CompressedPoint.init)
        }
    }

    /// Closes a swap that did not happen for the wallet, moving its own inputs as `closing` says.
    private func closeSwap(_ operation: OperationRecord, journal: SwapJournal, _ closing: SwapClosing)
        async throws(WalletError)
    {
        switch closing {
        case .released(let inputs):
            try await failOperation(operation.id, release: inputs, as: journal.releaseStatus)
        case .spentElsewhere(let spent, let unspent):
            try await write { tx in
                guard let open = try self.openOperation(tx, operation.id) else { return }
                if !spent.isEmpty { try tx.setStatus(.spent, Ys: spent, operationID: operation.id) }
                let (status, owner) = journal.releaseStatus
                if !unspent.isEmpty { try tx.setStatus(status, Ys: unspent, operationID: owner) }
                try self.close(tx, open, state: .failed, history: .failed, amount: 0)
            }
            step(.settled, operation.kind)
        }
    }
}
