// Storage: a NUT-22 blind auth token to and from an `auth_proofs` row (column formats in SQLValue).

import CashuEngine

extension StoredAuthProof {
    package static let sqlColumns = "mint_url, keyset_id, secret, c, dleq_json, created_at, sealed"
    package static let sqlColumnCount = 7

    /// Reads a row; a sealed one keeps its secret's tag in `secret`.
    package init(sqlRow row: some SQLRow, sealer: RecordSealer?) throws(StorageError) {
        let r = SQLRowReader(row, table: "auth_proofs")
        let keysetID = try r.parsed("keyset_id") { try KeysetID(hex: $0) }
        let proof: AuthProof
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("auth_proofs") }
            proof = try SealedRecordFields.openAuthProof(
                sealed, tag: try r.text("secret"), keysetID: keysetID, with: sealer)
        } else {
            proof = AuthProof(
                id: keysetID,
                secret: try r.text("secret"),
                C: try r.parsed("c") { try Point(hex: $0) },
                dleq: try r.optionalParsed("dleq_json") { try ProofDLEQ(storedJSON: $0) })
        }
        self.init(mintURL: try r.mintURL(), proof: proof, createdAt: try r.date("created_at"))
    }

    /// The row's values; with a sealer the secret's tag stands in `secret` (unique as the secret is) and the token
    /// itself is sealed.
    package func sqlValues(sealer: RecordSealer?) throws(StorageError) -> [SQLValue] {
        if let sealer {
            let tag = sealer.tag(proof.secret, domain: SealedRecordFields.authSecretDomain)
            let sealed = try SealedRecordFields.seal(proof, tag: tag, with: sealer)
            return [
                .text(mintURL.rawValue), .text(proof.id.hex), .text(tag), "", .text(nil), .date(createdAt),
                .bytes(sealed),
            ]
        }
        let dleq = try proof.dleq.map { dleq throws(StorageError) in try StoredJSON.text(dleq, "a token's DLEQ") }
        return [
            .text(mintURL.rawValue), .text(proof.id.hex), .text(proof.secret), .text(proof.C.hex), .text(dleq),
            .date(createdAt), .bytes(nil),
        ]
    }
}
