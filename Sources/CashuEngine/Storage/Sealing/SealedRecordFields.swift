// Storage: which fields of each record are sealed at rest, in what form, and under which record context.
//
// Sealed: a proof's secret, signature, DLEQ (with its blinding factor), witness and P2BK key; a NUT-22 token's
// secret, signature and DLEQ; a journal entry's payload (secrets, blinding factors, request bodies); an offline
// queue entry's payload (it can hold a token) and result; a mint quote's id (a bearer secret for an unlocked paid
// quote). Readable: what queries need — amounts, states, units, mints, keyset ids, `Y`, times.

/// Seals and opens the secret fields of the records that have them.
package enum SealedRecordFields {
    /// The context of a proof's sealed fields: its `Y`, keyset and amount, so that a changed amount or keyset in the
    /// readable columns (someone with write access to the database) makes the proof unreadable, not worth more.
    package static func proofContext(_ Y: CompressedPoint, keysetID: KeysetID, amount: UInt64) -> String {
        "proofs:\(Y.hex):\(keysetID.hex):\(amount)"
    }

    /// Seals a proof's secret, `C`, DLEQ, witness and P2BK key.
    package static func seal(_ proof: Proof, Y: CompressedPoint, with sealer: RecordSealer) throws(StorageError)
        -> [UInt8]
    {
        var writer = SealedFieldsWriter()
        writer.string(proof.secret)
        writer.fixed(proof.C.compressedRepresentation)
        writeDLEQ(proof.dleq, to: &writer)
        writer.present(proof.witness != nil)
        if let witness = proof.witness { writer.string(witness) }
        writer.present(proof.p2pkE != nil)
        if let key = proof.p2pkE { writer.fixed(key.compressedRepresentation) }
        return try sealer.seal(writer.output, context: proofContext(Y, keysetID: proof.id, amount: proof.amount))
    }

    /// Opens a proof's sealed fields onto its readable ones.
    package static func openProof(
        _ sealed: [UInt8], Y: CompressedPoint, amount: UInt64, keysetID: KeysetID, with sealer: RecordSealer
    ) throws(StorageError) -> Proof {
        var reader = try SealedFieldsReader(
            try sealer.open(sealed, context: proofContext(Y, keysetID: keysetID, amount: amount)))
        do {
            let secret = try reader.string()
            let C = try CompressedPoint(compressedRepresentation: try reader.fixed(33))
            let dleq = try readDLEQ(&reader)
            let witness = try reader.present() ? try reader.string() : nil
            let p2pkE = try reader.present() ? try Point(compressedRepresentation: try reader.fixed(33)) : nil
            try reader.finish()
            return Proof(amount: amount, id: keysetID, secret: secret, C: C, dleq: dleq, witness: witness, p2pkE: p2pkE)
        } catch let error as StorageError {
            throw error
        } catch {
            throw SealedFieldsReader.corrupt
        }
    }

    /// The context of a journal entry's sealed payload.
    package static func operationContext(_ id: OperationID) -> String { "operations:" + id.rawValue }

    /// The context of a mint quote's sealed id (by its tag).
    package static func mintQuoteContext(_ tag: String) -> String { "mint_quotes:" + tag }

    /// The context of a NUT-22 token's sealed fields (by its secret's tag).
    package static func authContext(_ tag: String) -> String { "auth_proofs:" + tag }

    /// Seals a NUT-22 token's secret, `C` and DLEQ; stored under `tag` (``RecordSealer/tag(_:domain:)``).
    package static func seal(_ proof: AuthProof, tag: String, with sealer: RecordSealer) throws(StorageError)
        -> [UInt8]
    {
        var writer = SealedFieldsWriter()
        writer.string(proof.secret)
        writer.fixed(proof.C.compressedRepresentation)
        writeDLEQ(proof.dleq, to: &writer)
        return try sealer.seal(writer.output, context: authContext(tag))
    }

    /// Opens a NUT-22 token's sealed fields.
    package static func openAuthProof(
        _ sealed: [UInt8], tag: String, keysetID: KeysetID, with sealer: RecordSealer
    ) throws(StorageError) -> AuthProof {
        var reader = try SealedFieldsReader(try sealer.open(sealed, context: authContext(tag)))
        do {
            let secret = try reader.string()
            let C = try Point(compressedRepresentation: try reader.fixed(33))
            let dleq = try readDLEQ(&reader)
            try reader.finish()
            return AuthProof(id: keysetID, secret: secret, C: C, dleq: dleq)
        } catch let error as StorageError {
            throw error
        } catch {
            throw SealedFieldsReader.corrupt
        }
    }

    /// The tag domain of NUT-22 token secrets.
    package static let authSecretDomain = "auth secret"
    /// The tag domain of mint quote ids.
    package static let mintQuoteDomain = "mint quote id"

    /// Seals bytes that are one field (a journal payload, a quote id) for `context`.
    package static func sealField(_ bytes: [UInt8], context: String, with sealer: RecordSealer) throws(StorageError)
        -> [UInt8]
    {
        var writer = SealedFieldsWriter()
        writer.lengthPrefixed(bytes)
        return try sealer.seal(writer.output, context: context)
    }

    /// Opens what ``sealField(_:context:with:)`` sealed.
    package static func openField(_ sealed: [UInt8], context: String, with sealer: RecordSealer) throws(StorageError)
        -> [UInt8]
    {
        var reader = try SealedFieldsReader(try sealer.open(sealed, context: context))
        let bytes = try reader.lengthPrefixed()
        try reader.finish()
        return bytes
    }

    /// Seals an offline queue entry's payload and result.
    package static func sealQueued(payload: [UInt8], result: [UInt8]?, id: String, with sealer: RecordSealer)
        throws(StorageError) -> [UInt8]
    {
        var writer = SealedFieldsWriter()
        writer.lengthPrefixed(payload)
        writer.present(result != nil)
        if let result { writer.lengthPrefixed(result) }
        return try sealer.seal(writer.output, context: "queued_operations:" + id)
    }

    /// Opens an offline queue entry's payload and result.
    package static func openQueued(_ sealed: [UInt8], id: String, with sealer: RecordSealer) throws(StorageError)
        -> (payload: [UInt8], result: [UInt8]?)
    {
        var reader = try SealedFieldsReader(try sealer.open(sealed, context: "queued_operations:" + id))
        let payload = try reader.lengthPrefixed()
        let result = try reader.present() ? try reader.lengthPrefixed() : nil
        try reader.finish()
        return (payload, result)
    }

    private static func writeDLEQ(_ dleq: ProofDLEQ?, to writer: inout SealedFieldsWriter) {
        writer.present(dleq != nil)
        if let dleq {
            writer.fixed(dleq.e.exposedSecretBytes)
            writer.fixed(dleq.s.exposedSecretBytes)
            writer.fixed(dleq.r.exposedSecretBytes)
        }
    }

    private static func readDLEQ(_ reader: inout SealedFieldsReader) throws(StorageError) -> ProofDLEQ? {
        guard try reader.present() else { return nil }
        do {
            let e = try Scalar(rawRepresentation: try reader.fixed(32))
            let s = try Scalar(rawRepresentation: try reader.fixed(32))
            let r = try Scalar(rawRepresentation: try reader.fixed(32))
            return ProofDLEQ(e: e, s: s, r: r)
        } catch let error as StorageError {
            throw error
        } catch {
            throw SealedFieldsReader.corrupt
        }
    }
}
