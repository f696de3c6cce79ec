// Wallet: sending — exact proofs offline when the wallet has them, else a swap first; optional P2PK/HTLC lock.

import Foundation

/// The outcome of a send.
public struct SendResult: Sendable {
    /// The send's operation id (its proofs stay `sent` under it until claimed or reclaimed).
    public var operationID: OperationID
    /// The token to hand over.
    public var token: Token
    /// The token's amount.
    public var amount: UInt64
    /// Input fees paid by the swap (0 offline).
    public var fee: UInt64
    /// Whether a swap was needed.
    public var swapped: Bool
}

extension Wallet {
    /// Makes a token worth `amount`.
    /// - Throws: ``WalletError`` (`insufficientFunds`, `unsupported` for a lock the mint does not support, `pending`).
    public func send(
        amount: UInt64, mint: MintURL, unit: CurrencyUnit = .sat, options send: SendOptions = SendOptions()
    ) async throws(WalletError) -> SendResult {
        try await requireMint(mint)
        guard amount > 0 else { throw WalletError(.invalidInput, "the amount must be positive") }
        _ = try await syncKeysetsIfPossible(mint)
        let tables = try await keysetTables(mint)
        let selector = tables.selector(maxInputs: await requestLimit(mint))
        if send.lock == nil, send.preferOffline || send.offlineOnly,
            let result = try await sendOffline(amount, mint: mint, unit: unit, send, selector: selector)
        {
            return result
        }
        if send.offlineOnly { throw WalletError(.insufficientFunds, "no exact proofs for \(amount) \(unit)") }
        if let lock = send.lock {
            let nut = { if case .htlc = lock { 14 } else { 11 } }()
            guard try await capabilities(of: mint).supports(nut: nut) else {
                throw WalletError(.unsupported, "mint \(mint) does not support NUT-\(nut); a lock would not hold")
            }
        }
        let keyset = try await activeKeyset(mint, unit: unit)
        let planner = await planner(keyset)
        var sendAmounts: [UInt64]
        do {
            sendAmounts = try planner.exact(amount)
            if send.includeFees {
                // The receiver's swap fee depends on how many proofs the token holds: iterate to the fixed point.
                for _ in 0..<4 {
                    let fee = try InputFees.fee(ppkPerInput: sendAmounts.map { _ in keyset.inputFeePPK })
                    let next = try planner.exact(amount + fee)
                    if next == sendAmounts { break }
                    sendAmounts = next
                }
            }
        } catch {
            throw WalletError(.unsupported, "the amount cannot be made from the keyset's denominations")
        }
        let sendTotal = sendAmounts.reduce(0, +)
        let lockedSecrets = try makeLockedSecrets(send.lock, count: sendAmounts.count)
        let id = OperationID.random()
        // Leased before the journal entry exists, so no recovery pass elsewhere takes it over (Wallet+Leases.swift).
        let claimed = try claim(id)
        defer { release(claimed) }
        let holdings = try await holdings(mint, unit: unit)
        step(.planned, .send)
        // Too many small proofs for one request: merged first (Wallet+Consolidate.swift).
        let record = try await withConsolidation(covering: sendTotal, mint: mint, unit: unit) {
            () async throws(WalletError) -> OperationRecord in
            try await write { [sendAmounts] tx -> OperationRecord in
                guard let selection = try selector.select(in: tx, mint: mint, unit: unit, atLeast: sendTotal) else {
                    throw WalletError(.insufficientFunds, "not enough \(unit) at \(mint) for \(sendTotal) plus fees")
                }
                let changeAmounts = try planner.leaving(sendAmounts.count).split(
                    selection.total - selection.fee - sendTotal, holdings: holdings)
                try tx.setStatus(.reserved, Ys: selection.proofs.map(\.Y), operationID: id)
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
                    request: SwapRequest(inputs: selection.proofs.map(\.proof), outputs: ordered.map(\.blindedMessage)),
                    ownInputs: selection.proofs.map(\.Y), outputs: ordered, sendIndices: sendIndices, amount: sendTotal,
                    fee: selection.fee, memo: send.memo, reclaimedOperation: nil)
                try self.journal(
                    tx, id: id, kind: .send, mint: mint, unit: unit, payload: journal, amount: sendTotal,
                    fee: selection.fee, memo: send.memo)
                return try self.requireOperation(tx, id)
            }
        }
        step(.journaled, .send)
        let outcome = try await resumeSwap(record, firstAttempt: true)
        let proofs = send.includeDLEQ ? outcome.sent : outcome.sent.map { var p = $0; p.dleq = nil; return p }
        let token = Token(mint: mint.rawValue, unit: unit.rawValue, memo: send.memo, proofs: proofs)
        return SendResult(operationID: id, token: token, amount: sendTotal, fee: outcome.fee, swapped: true)
    }

    /// A send from exact proofs, with no request to the mint; `nil` when no exact subset exists.
    private func sendOffline(
        _ amount: UInt64, mint: MintURL, unit: CurrencyUnit, _ send: SendOptions, selector: ProofSelector
    ) async throws(WalletError) -> SendResult? {
        let id = OperationID.random()
        let chosen = try await write { tx -> ProofSelector.Selection? in
            guard
                let selection = try selector.selectExact(
                    in: tx, mint: mint, unit: unit, amount: amount, includingFee: send.includeFees)
            else { return nil }
            try tx.setStatus(.sent, Ys: selection.proofs.map(\.Y), operationID: id)
            let now = Date()
            try tx.saveHistoryEntry(
                HistoryEntry(
                    id: id, kind: .send, mintURL: mint, unit: unit, amount: selection.total, fee: 0, state: .pending,
                    memo: send.memo, createdAt: now, updatedAt: now))
            return selection
        }
        guard let chosen else { return nil }
        var proofs = chosen.proofs.map(\.proof)
        if !send.includeDLEQ { proofs = proofs.map { var p = $0; p.dleq = nil; return p } }
        let token = Token(mint: mint.rawValue, unit: unit.rawValue, memo: send.memo, proofs: proofs)
        return SendResult(operationID: id, token: token, amount: chosen.total, fee: 0, swapped: false)
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
