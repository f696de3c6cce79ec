// Test support: how a ScriptedMint checks inputs and outputs, refusing with the NUT error codes Nutshell uses.

import CashuEngine

extension ScriptedMintState {
    /// What a set of valid inputs is worth.
    struct VerifiedInputs {
        /// The inputs' `Y`s, in request order.
        var Ys: [CompressedPoint]
        /// The sum of their amounts.
        var total: UInt64
        /// Their NUT-02 input fee, `ceil(Σ input_fee_ppk / 1000)`.
        var fee: UInt64
        /// Their unit.
        var unit: CurrencyUnit

        /// The amount left once the fee is paid.
        var available: UInt64 { total - fee }
    }

    /// Checks inputs as a mint does before spending them.
    /// - Throws: ``MintError`` 11014 too many, 11007 duplicates, 12001 unknown keyset, 10001 an amount the keyset
    ///   lacks or a signature that does not verify, 11009 several units, 11001 spent, 11002 pending.
    func verifyInputs(_ inputs: [Proof]) throws(MintError) -> VerifiedInputs {
        guard !inputs.isEmpty else { throw MintError(code: 0, detail: "no inputs provided") }
        guard inputs.count <= maxArrayLength else {
            throw Self.refusal(.maxInputsExceeded, "too many inputs: \(inputs.count)")
        }
        guard Set(inputs.map(\.secret)).count == inputs.count else {
            throw Self.refusal(.duplicateInputs, "duplicate inputs provided")
        }
        var Ys: [CompressedPoint] = []
        var units = Set<CurrencyUnit>()
        var ppks: [UInt64] = []
        for proof in inputs {
            guard let keyset = keyset(proof.id) else {
                throw Self.refusal(.keysetUnknown, "keyset \(proof.id) is not known")
            }
            guard let key = keyset.privateKeys[proof.amount] else {
                throw Self.refusal(.proofVerificationFailed, "no key for amount \(proof.amount)")
            }
            let Y: CompressedPoint
            let valid: Bool
            do {
                Y = CompressedPoint(try HashToCurve.point(secret: proof.secret))
                valid = try BDHKE.verify(secret: proof.secret, C: try proof.C.point(), k: key)
            } catch {
                throw Self.refusal(.proofVerificationFailed, "could not verify proofs")
            }
            guard valid else { throw Self.refusal(.proofVerificationFailed, "could not verify proofs") }
            Ys.append(Y)
            units.insert(keyset.unit)
            ppks.append(keyset.inputFeePPK)
        }
        guard units.count == 1, let unit = units.first else {
            throw Self.refusal(.multipleUnits, "inputs of several units")
        }
        if Ys.contains(where: { state(of: $0) == .spent }) {
            throw Self.refusal(.proofsAlreadySpent, "Token already spent.")
        }
        if Ys.contains(where: { state(of: $0) == .pending }) {
            throw Self.refusal(.proofsPending, "Token is pending.")
        }
        let total: UInt64
        let fee: UInt64
        do {
            total = try AmountSplit.sum(inputs.map(\.amount))
            fee = try InputFees.fee(ppkPerInput: ppks)
        } catch {
            throw Self.refusal(.transactionNotBalanced, "input amounts overflow")
        }
        guard fee <= total else { throw Self.refusal(.transactionNotBalanced, "inputs do not cover their fee") }
        return VerifiedInputs(Ys: Ys, total: total, fee: fee, unit: unit)
    }

    /// Checks NUT-10 spending conditions (NUT-11 P2PK, NUT-14 HTLC) with CoreCashu's verifier, unless switched off.
    /// - Throws: ``MintError`` 10001 when an input's witness does not unlock it.
    func verifyConditions(_ inputs: [Proof], check: (UInt64) throws(SpendingConditionError) -> Void)
        throws(MintError)
    {
        guard verifiesSpendingConditions else { return }
        do { try check(Self.now) } catch {
            throw Self.refusal(.proofVerificationFailed, "spending conditions not met: \(error)")
        }
    }

    /// Checks outputs before signing them; `blank` outputs (NUT-08) have no meaningful amount.
    /// - Returns: the sum of their amounts (0 for blank outputs).
    /// - Throws: ``MintError`` 11015 too many, 11008 duplicates, 12001 unknown keyset, 12002 inactive keyset, 11010
    ///   a unit other than `unit`, 11006 an amount the keyset has no key for, 11003 already signed.
    func verifyOutputs(_ outputs: [BlindedMessage], unit: CurrencyUnit, blank: Bool = false) throws(MintError)
        -> UInt64
    {
        guard blank || !outputs.isEmpty else { throw MintError(code: 0, detail: "no outputs provided") }
        guard outputs.count <= maxArrayLength else {
            throw Self.refusal(.maxOutputsExceeded, "too many outputs: \(outputs.count)")
        }
        guard Set(outputs.map(\.B_)).count == outputs.count else {
            throw Self.refusal(.duplicateOutputs, "duplicate outputs provided")
        }
        var amounts: [UInt64] = []
        for output in outputs {
            guard let keyset = keyset(output.id) else {
                throw Self.refusal(.keysetUnknown, "keyset \(output.id) is not known")
            }
            guard keyset.active else { throw Self.refusal(.keysetInactive, "keyset \(output.id) is inactive") }
            guard keyset.unit == unit else {
                throw Self.refusal(.inputOutputUnitMismatch, "outputs in \(keyset.unit), expected \(unit)")
            }
            guard blank || keyset.privateKeys[output.amount] != nil else {
                throw Self.refusal(.amountOutsideLimits, "invalid output amount \(output.amount)")
            }
            guard signed[output.B_] == nil else {
                throw Self.refusal(.outputsAlreadySigned, "outputs have already been signed before.")
            }
            amounts.append(blank ? 0 : output.amount)
        }
        do { return try AmountSplit.sum(amounts) } catch {
            throw Self.refusal(.transactionNotBalanced, "output amounts overflow")
        }
    }
}
