// Wallet: restoring from the mnemonic (NUT-09 + NUT-13) — every keyset, batches of 100, stop after 3 empty ones.

import Foundation

/// The outcome of a restore.
public struct RestoreResult: Sendable {
    /// The amount of unspent proofs added to the wallet.
    public var amount: UInt64
    /// How many proofs were added.
    public var proofCount: Int
    /// Proofs the mint had signed but that are spent (dropped).
    public var spentCount: Int
    /// Requests made to the mint (restore and checkstate).
    public var requests: Int
    /// Signatures the mint returned that failed verification (skipped).
    public var rejectedCount: Int = 0
}

extension Wallet {
    /// Recovers a mint's proofs from the wallet's mnemonic: NUT-09 restore of NUT-13 outputs for every keyset
    /// (inactive ones too), in batches, until `restoreGapLimit` consecutive batches come back empty; counters are
    /// set past the last hit; spent proofs are dropped (NUT-07). Its progress, batch by batch, comes as
    /// ``WalletEvent/operationProgressed(_:_:)`` events of a `restore` operation (``Wallet/events(bufferingNewest:)``).
    /// - Throws: ``WalletError`` (`unknownMint`, `mintUnreachable`, `invalidMintResponse`).
    public func restore(mint: MintURL) async throws(WalletError) -> RestoreResult {
        try await requireMint(mint)
        let keysets = try await syncKeysets(mint, force: true).filter { $0.keys != nil }
        let unblinder = await KeysetTables(keysets).unblinder(
            requireDLEQ: try requiresDLEQ(mint), mint: mint, verifiers: options.signatureVerifiers)
        var result = RestoreResult(amount: 0, proofCount: 0, spentCount: 0, requests: 0)
        var found: [StoredProof] = []
        // The gap limit counts batches: a batch keeps the wallet's size, and restoreSignatures splits its request to
        // the mint's limit.
        let limit = await requestLimit(mint)
        var scan = RestoreScan(
            keysetCount: keysets.count, batchSize: options.restoreBatchSize, gapLimit: options.restoreGapLimit)
        let id = OperationID.random()
        let unit = keysets.first?.unit ?? .sat
        var told = WalletOperationEvent(id: id, kind: .restore, mint: mint, unit: unit)
        emit(.operationStarted(told))
        var batches = 0
        var action = scan.start()
        while action != .finish {
            switch action {
            case .restore(let index, let counters):
                let keyset = keysets[index]
                let planned: [PlannedOutput]
                do {
                    planned = try outputs.deterministic(
                        amounts: Array(repeating: 1, count: counters.count), keysetID: keyset.id, counters: counters)
                } catch {
                    throw WalletError(.crypto, "cannot derive restore outputs", underlying: error)
                }
                let restored: [Int: BlindSignature]
                do { restored = try await restoreSignatures(mint, outputs: planned) } catch {
                    throw WalletError.mint(error)
                }
                let answered = restored.sorted(by: { $0.key < $1.key })
                let outputs = answered.map { position, signature in
                    var output = planned[position]
                    output.amount = signature.amount
                    return output
                }
                // One bad signature (an old one without DLEQ, a broken key) must not cost the others.
                let proofs = try await unblinder.proofsSkippingBad(signatures: answered.map(\.value), outputs: outputs)
                result.rejectedCount += proofs.count { $0 == nil }
                found.append(contentsOf: try stored(proofs.compactMap { $0 }, mint: mint, unit: keyset.unit))
                action = scan.handle(.restored(signedCounters: restored.keys.compactMap { planned[$0].counter }))
                batches += 1
                // Open-ended: the scan stops after the gap limit's empty batches, so the total is one ahead.
                emitProgress(told, WalletProgress(completed: batches, total: batches + 1, unit: "batches"))
            case .raiseCounter(let index, let counter):
                try await write { tx in try tx.raiseCounter(keysetID: keysets[index].id, to: counter) }
                action = scan.handle(.counterRaised)
            case .finish:
                break
            }
        }
        result.requests = scan.requests
        guard !found.isEmpty else {
            told.amount = 0
            emit(.operationSettled(told))
            return result
        }
        let states: [CompressedPoint: ProofState.State]
        do { states = try await proofStates(mint, Ys: found.map(\.Y)) } catch { throw WalletError.mint(error) }
        result.requests += (found.count + limit - 1) / limit
        let unspent = found.filter { states[$0.Y] == .unspent }
        result.spentCount = found.count - unspent.count
        let added = try await write { tx -> [StoredProof] in
            let known = Set(try tx.proofs(Ys: unspent.map(\.Y)).map(\.Y))
            let fresh = unspent.filter { !known.contains($0.Y) }
            try tx.addProofs(fresh)
            let amount = fresh.reduce(UInt64(0)) { $0 &+ $1.amount }
            let now = Date()
            try tx.saveHistoryEntry(
                HistoryEntry(
                    id: id, kind: .restore, mintURL: mint, unit: fresh.first?.unit ?? .sat, amount: amount, fee: 0,
                    state: .done, createdAt: now, updatedAt: now))
            return fresh
        }
        result.proofCount = added.count
        result.amount = added.reduce(0) { $0 + $1.amount }
        logger.info("restored", metadata: ["proofs": "\(added.count)", "requests": "\(result.requests)"])
        told.amount = result.amount
        told.fee = 0
        emit(.operationSettled(told))
        await emitBalance(mint, unit: unit)
        return result
    }
}
