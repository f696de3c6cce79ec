// Wallet saga: what recovery does with each unfinished operation (docs/architecture.md, "Sagas") — decisions only.

/// What a recovery pass does with one unfinished operation.
enum RecoveryStep: Sendable {
    /// Send the journaled mint request again (``MintSaga``).
    case resumeMint
    /// Send the journaled melt request again (``MeltSaga/start()``).
    case resumeMelt(MeltJournal)
    /// The mint reported the melt pending: read the quote's state (``MeltSaga/resolve()``).
    case resolveMelt(MeltJournal)
    /// Send the swap again (``SwapSaga``), with the journal as recovery reads it (``RecoveryPlan/recoveredSwap(_:)``).
    case resumeSwap(SwapJournal)
    /// Continue a transfer (``TransferSaga``), after the pass resumed its melt and its mint.
    case resumeTransfer
    /// Send the journaled blind auth mint again (``Wallet/resumeBlindAuth(_:)``).
    case resumeBlindAuth
    /// Nothing to resume (a restore journals no request): close it as failed.
    case close
    /// A prepared operation whose process ended before confirming it: release what it holds.
    case releaseHold
}

/// The pure decisions of a recovery pass; ``Wallet/recover()`` performs them.
enum RecoveryPlan {
    /// The step for `operation`, read after its lease was taken (an operation this wallet is executing right now is
    /// never planned: ``Wallet/recover()`` leaves it to its own call).
    /// - Throws: ``WalletError`` when its journal cannot be read.
    static func step(for operation: OperationRecord) throws(WalletError) -> RecoveryStep {
        // Nothing of a prepared operation left the wallet: its lease was free, so no live process will confirm it.
        if operation.state == .awaitingConfirmation { return .releaseHold }
        switch operation.kind {
        case .mint:
            return .resumeMint
        case .melt:
            let journal = try Wallet.decodeJSON(MeltJournal.self, operation.payload)
            return operation.state == .pending ? .resolveMelt(journal) : .resumeMelt(journal)
        case .send, .receive, .swap, .reclaim:
            return .resumeSwap(recoveredSwap(try Wallet.decodeJSON(SwapJournal.self, operation.payload)))
        case .restore, .burn:
            return .close
        case .transfer:
            return .resumeTransfer
        case .blindAuth:
            return .resumeBlindAuth
        }
    }

    /// A swap's journal as recovery resumes it. A send whose call did not return never handed its token out, so its
    /// outputs come back to the wallet and the history shows a swap that sent nothing; outputs locked to the
    /// receiver (NUT-10 secrets: P2PK, HTLC) are not the wallet's to spend, so such a send stays a send, whose token
    /// can still be handed over.
    static func recoveredSwap(_ journal: SwapJournal) -> SwapJournal {
        guard journal.purpose == .send else { return journal }
        let locked = journal.sendIndices.contains { index in
            journal.outputs.indices.contains(index)
                && (try? WellKnownSecret.parse(journal.outputs[index].secret)) != nil
        }
        guard !locked else { return journal }
        var kept = journal
        kept.sendIndices = []
        kept.purpose = .swap
        kept.amount = 0
        return kept
    }

    /// The order a pass resumes operations in: transfers last, once the melts and mints they are made of were
    /// resumed (a transfer then reads their outcome instead of waiting on them).
    static func ordered(_ open: [OperationRecord]) -> [OperationRecord] {
        open.filter { $0.kind != .transfer } + open.filter { $0.kind == .transfer }
    }

    /// Reserved proofs whose operation is no longer open (a crash between steps the journal already resolved): they
    /// go back to unspent. Pending and sent proofs are never orphans.
    static func orphans(reserved: [StoredProof], open: Set<OperationID>) -> [CompressedPoint] {
        reserved.filter { proof in
            proof.status == .reserved && !(proof.operationID.map(open.contains) ?? false)
        }.map(\.Y)
    }
}
