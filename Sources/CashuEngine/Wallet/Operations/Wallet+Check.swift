// Wallet: NUT-07 checks — were sent tokens claimed, did pending melts settle; reclaiming unclaimed tokens.

import Foundation

/// A token the wallet gave away whose proofs the mint has not seen spent (yet).
public struct PendingSend: Sendable {
    /// The send's operation id.
    public var operationID: OperationID
    public var mintURL: MintURL
    public var unit: CurrencyUnit
    /// The value of its proofs still `sent`.
    public var amount: UInt64
    /// The proofs still `sent` (a front end takes them back with ``Wallet/reclaim(_:)``).
    package var proofs: [Proof]
    public var createdAt: Date
}

/// What a check found.
public struct CheckReport: Sendable {
    /// Sends whose proofs are all spent now (claimed).
    public var claimed: [OperationID] = []
    /// Sends still unclaimed (``Wallet/pendingSends(mint:)`` lists them).
    package var unclaimed: [OperationID] = []
    /// Melts that settled (paid or failed) during the check (`LinuxWallet.refresh()` counts them).
    package var settledMelts: [OperationID] = []
    package init() {}
}

extension Wallet {
    /// Sent tokens not yet known to be claimed, newest first.
    public func pendingSends(mint: MintURL? = nil) async throws(WalletError) -> [PendingSend] {
        let sent = try await read { tx in try tx.proofs(mintURL: mint, unit: nil, statuses: [.sent]) }
        var groups: [OperationID: PendingSend] = [:]
        for proof in sent {
            let owner = proof.operationID ?? OperationID(rawValue: "unknown")
            var group =
                groups[owner]
                ?? PendingSend(
                    operationID: owner, mintURL: proof.mintURL, unit: proof.unit, amount: 0, proofs: [],
                    createdAt: proof.createdAt)
            group.amount += proof.amount
            group.proofs.append(proof.proof)
            groups[owner] = group
        }
        return groups.values.sorted { $0.createdAt > $1.createdAt }
    }

    /// Asks the mints (NUT-07) which sent proofs were claimed, and resolves pending melts.
    public func check(mint: MintURL? = nil) async throws(WalletError) -> CheckReport {
        var report = CheckReport()
        let sends = try await pendingSends(mint: mint)
        let byMint = Dictionary(grouping: sends, by: \.mintURL)
        for (mintURL, group) in byMint {
            let proofs = try await read { tx in try tx.proofs(mintURL: mintURL, unit: nil, statuses: [.sent]) }
            let states: [CompressedPoint: ProofState.State]
            do { states = try await proofStates(mintURL, Ys: proofs.map(\.Y)) } catch { throw WalletError.mint(error) }
            let spent = proofs.filter { states[$0.Y] == .spent }
            try await write { tx in
                if !spent.isEmpty { try tx.setStatus(.spent, Ys: spent.map(\.Y), operationID: nil) }
                for send in group {
                    let remaining = try tx.proofs(operationID: send.operationID).filter { $0.status == .sent }
                    if remaining.isEmpty { try self.closeHistory(tx, send.operationID, as: .done) }
                }
            }
            for send in group {
                let remaining = try await read { tx in try tx.proofs(operationID: send.operationID) }
                if remaining.contains(where: { $0.status == .sent }) {
                    report.unclaimed.append(send.operationID)
                } else {
                    report.claimed.append(send.operationID)
                    emit(
                        .sentTokenClaimed(
                            WalletOperationEvent(
                                id: send.operationID, kind: .send, mint: send.mintURL, unit: send.unit,
                                amount: send.amount)))
                }
            }
        }
        let melts = try await read { tx in try tx.unfinishedOperations() }.filter {
            $0.kind == .melt && $0.state == .pending && (mint == nil || $0.mintURL == mint)
        }
        for melt in melts {
            // One this wallet, or another process, is still executing is left to it.
            guard let claimed = try? claim(melt.id) else { continue }
            defer { release(claimed) }
            // Its executor may have settled it between the listing and the claim.
            guard let current = try await read({ tx in try self.openOperation(tx, melt.id) }) else {
                report.settledMelts.append(melt.id)
                continue
            }
            let journal = try Self.decodeJSON(MeltJournal.self, current.payload)
            if let result = try? await resolveMelt(current, journal: journal), result.state == .paid {
                report.settledMelts.append(melt.id)
            } else if try await read({ tx in try self.openOperation(tx, melt.id) }) == nil {
                report.settledMelts.append(melt.id)
            }
        }
        return report
    }

    /// Takes back an unclaimed token: its proofs still unspent at the mint are swapped into fresh ones.
    /// - Throws: ``WalletError`` `alreadySpent` when the receiver claimed it all.
    public func reclaim(_ sendID: OperationID) async throws(WalletError) -> ReceiveResult {
        let proofs = try await read { tx in try tx.proofs(operationID: sendID) }.filter { $0.status == .sent }
        guard let first = proofs.first else {
            throw WalletError(.invalidInput, "no unclaimed proofs for this send")
        }
        let mint = first.mintURL
        let unit = first.unit
        let states: [CompressedPoint: ProofState.State]
        do { states = try await proofStates(mint, Ys: proofs.map(\.Y)) } catch { throw WalletError.mint(error) }
        let claimed = proofs.filter { states[$0.Y] == .spent }
        let unclaimed = proofs.filter { states[$0.Y] == .unspent }
        if !claimed.isEmpty {
            try await write { tx in try tx.setStatus(.spent, Ys: claimed.map(\.Y), operationID: nil) }
        }
        guard !unclaimed.isEmpty else { throw WalletError(.alreadySpent, "the token was claimed") }
        let signingKeys = try await reclaimSigningKeys(unclaimed.map(\.proof), now: Date())
        let keyset = try await activeKeyset(mint, unit: unit)
        let tables = try await keysetTables(mint)
        let fee: UInt64
        do { fee = try InputFees.fee(for: unclaimed.map(\.proof), feePPK: tables.feePPK) } catch {
            throw WalletError(.invalidInput, "fees overflow", underlying: error)
        }
        let total = unclaimed.reduce(UInt64(0)) { $0 + $1.amount }
        guard total > fee else { throw WalletError(.invalidInput, "the unclaimed proofs are worth less than the fee") }
        let outcome = try await swapOwn(
            inputs: unclaimed, mint: mint, unit: unit, keyset: keyset, from: .sent, reclaiming: sendID,
            signingKeys: signingKeys)
        return ReceiveResult(
            operationIDs: [outcome.operationID], amount: outcome.kept.reduce(0) { $0 + $1.amount }, fee: outcome.fee)
    }

    /// The keys that sign a reclaim of locked proofs (NUT-11/14): this wallet's keys among their main and refund
    /// keys. `nil` when none is locked.
    /// - Throws: ``WalletError`` `invalidInput` when a proof cannot be spent by this wallet yet (locked to the
    ///   receiver, before its locktime, or after it to refund keys the wallet does not hold).
    private func reclaimSigningKeys(_ proofs: [Proof], now: Date) async throws(WalletError) -> [Scalar]? {
        let locks = proofs.compactMap { proof in (try? SpendingConditions.parse(secret: proof.secret)) ?? nil }
        guard !locks.isEmpty else { return nil }
        let keys = try await signingKeys(for: proofs, extra: [])
        let held = Set(keys.map(\.publicKey))
        let seconds = UInt64(max(0, now.timeIntervalSince1970))
        for lock in locks where !lock.isSpendable(withKeys: held, at: seconds) {
            guard let locktime = lock.locktime, seconds <= locktime else {
                throw WalletError(
                    .invalidInput, "the token is locked to its receiver and names no refund key of this wallet")
            }
            let when = Date(timeIntervalSince1970: TimeInterval(locktime)).formatted(.iso8601)
            throw WalletError(
                .invalidInput, "the token is locked to its receiver until \(when); reclaim it after that")
        }
        return keys
    }
}
