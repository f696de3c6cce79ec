// Storage: a proof to and from a `proofs` row (column formats in SQLValue).

import CashuEngine

extension StoredProof {
    package static let sqlColumns =
        "y, mint_url, unit, keyset_id, amount, secret, c, dleq_json, witness, p2pk_e, status, operation_id, created_at, "
        + "sealed"
    package static let sqlColumnCount = 14

    /// Reads a row; `mintURLs` may be shared by the rows of one query, which nearly always have one mint.
    package init(sqlRow row: some SQLRow, mintURLs: MintURLMemo = MintURLMemo(), sealer: RecordSealer?)
        throws(StorageError)
    {
        let r = SQLRowReader(row, table: "proofs")
        let Y = try r.parsed("y") { try CompressedPoint(hex: $0) }
        let amount = try r.uint64("amount")
        let keysetID = try r.parsed("keyset_id") { try KeysetID(hex: $0) }
        let proof: Proof
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("proofs") }
            proof = try SealedRecordFields.openProof(sealed, Y: Y, amount: amount, keysetID: keysetID, with: sealer)
        } else {
            proof = Proof(
                amount: amount,
                id: keysetID,
                secret: try r.text("secret"),
                C: try r.parsed("c") { try CompressedPoint(hex: $0) },
                dleq: try r.optionalParsed("dleq_json") { try ProofDLEQ(storedJSON: $0) },
                witness: try r.optionalText("witness"),
                p2pkE: try r.optionalParsed("p2pk_e") { try Point(hex: $0) })
        }
        self.init(
            proof: proof,
            Y: Y,
            mintURL: try r.mintURL(mintURLs),
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            status: try r.parsed("status") { ProofStatus(rawValue: $0) },
            operationID: try r.optionalText("operation_id").map(OperationID.init(rawValue:)),
            createdAt: try r.date("created_at"))
    }

    /// The row's values; with a sealer the secret fields are sealed into `sealed` and left empty in their columns.
    package func sqlValues(sealer: RecordSealer?) throws(StorageError) -> [SQLValue] {
        // One array literal per branch (in the column order of `sqlColumns`): no intermediate arrays per row.
        if let sealer {
            let sealed = try SealedRecordFields.seal(proof, Y: Y, with: sealer)
            return [
                .text(Y.hex), .text(mintURL.rawValue), .text(unit.rawValue), .text(proof.id.hex),
                .amount(proof.amount), "", "", .text(nil), .text(nil), .text(nil), .text(status.rawValue),
                .text(operationID?.rawValue), .date(createdAt), .bytes(sealed),
            ]
        }
        return [
            .text(Y.hex), .text(mintURL.rawValue), .text(unit.rawValue), .text(proof.id.hex), .amount(proof.amount),
            .text(proof.secret), .text(proof.C.hex), .text(proof.dleq?.storedJSON), .text(proof.witness),
            .text(proof.p2pkE?.hex), .text(status.rawValue), .text(operationID?.rawValue), .date(createdAt),
            .bytes(nil),
        ]
    }
}
