// NUT-02 — Keysets and fees: the input fee of a transaction, `ceil(Σ input_fee_ppk / 1000)` in integer math.

/// Computes the fee a mint charges for spending inputs (NUT-02 "Fees").
package enum InputFees {
    /// The fee for inputs whose keysets charge `ppkPerInput` each: the ceiling of the *sum* divided by 1000.
    ///
    /// - Parameter ppkPerInput: each input's keyset `input_fee_ppk` (one entry per input).
    /// - Returns: the fee in the unit of the inputs.
    /// - Throws: ``KeysetError`` `.overflow` when the sum does not fit in 64 bits.
    package static func fee(ppkPerInput: some Sequence<UInt64>) throws(KeysetError) -> UInt64 {
        let total = try AmountSplit.sum(ppkPerInput)
        // Ceiling without `+ 999`, which could overflow near UInt64.max.
        return total / 1000 + (total % 1000 == 0 ? 0 : 1)
    }

    /// The fee for spending `inputs`, looking up each input's keyset (short v2 ids are resolved too).
    ///
    /// - Parameters:
    ///   - inputs: the proofs to spend.
    ///   - feePPK: `input_fee_ppk` per keyset id; a keyset that charges nothing may map to 0.
    /// - Throws: ``KeysetError`` `.unknownKeyset` for an input whose keyset is missing or ambiguous, `.overflow`.
    package static func fee(
        for inputs: some Sequence<Proof>, feePPK: [KeysetID: UInt64]
    ) throws(KeysetError) -> UInt64 {
        var ppks: [UInt64] = []
        ppks.reserveCapacity(inputs.underestimatedCount)
        for proof in inputs {
            ppks.append(try lookup(proof.id, in: feePPK))
        }
        return try fee(ppkPerInput: ppks)
    }

    /// The fee for spending `inputs`, with each keyset's fee taken from the mint's keyset list.
    ///
    /// - Throws: ``KeysetError`` `.unknownKeyset`, `.overflow`.
    package static func fee(for inputs: some Sequence<Proof>, keysets: [KeysetInfo]) throws(KeysetError) -> UInt64 {
        var table: [KeysetID: UInt64] = [:]
        for info in keysets { table[info.id] = info.inputFeePPK ?? 0 }
        return try fee(for: inputs, feePPK: table)
    }

    private static func lookup(_ id: KeysetID, in table: [KeysetID: UInt64]) throws(KeysetError) -> UInt64 {
        if let ppk = table[id] { return ppk }
        do {
            let full = try id.resolve(among: table.keys)
            if let ppk = table[full] { return ppk }
        } catch {
            throw KeysetError(.unknownKeyset, error.reason)
        }
        throw KeysetError(.unknownKeyset, "keyset \(id) is not known")
    }
}
