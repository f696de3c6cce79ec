// Storage: the NUT-22 blind auth token pool in the SQLite wallet store (table `auth_proofs`, migration v4).

import CashuEngine
import Foundation
import GRDB

extension SQLiteTransaction: AuthProofStore {
    func addAuthProofs(_ proofs: [StoredAuthProof]) throws {
        try requireWritable("addAuthProofs")
        try mappingErrors("addAuthProofs") {
            for proof in proofs {
                try execute(
                    "INSERT OR IGNORE INTO auth_proofs (\(StoredAuthProof.sqlColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    try proof.sqliteArguments(sealer: sealer))
            }
        }
    }

    func takeAuthProof(mintURL: MintURL) throws -> StoredAuthProof? {
        try requireWritable("takeAuthProof")
        return try mappingErrors("takeAuthProof") {
            guard
                let (seq, proof) = try fetchOne(
                    "SELECT seq, \(StoredAuthProof.sqlColumns) FROM auth_proofs WHERE mint_url = ? "
                        + "ORDER BY created_at, seq LIMIT 1",
                    [mintURL.rawValue],
                    { row in (row["seq"] as Int64, try StoredAuthProof(sqliteRow: row, sealer: sealer)) })
            else { return nil }
            try execute("DELETE FROM auth_proofs WHERE seq = ?", [seq])
            return proof
        }
    }

    func authProofCount(mintURL: MintURL) throws -> Int {
        try mappingErrors("authProofCount") {
            try fetchOne("SELECT COUNT(*) FROM auth_proofs WHERE mint_url = ?", [mintURL.rawValue]) { row in
                row[0] as Int
            } ?? 0
        }
    }

    func removeAuthProofs(mintURL: MintURL) throws -> Int {
        try requireWritable("removeAuthProofs")
        return try mappingErrors("removeAuthProofs") {
            try execute("DELETE FROM auth_proofs WHERE mint_url = ?", [mintURL.rawValue])
            return db.changesCount
        }
    }
}

extension StoredAuthProof {
    static let sqlColumns = "mint_url, keyset_id, secret, c, dleq_json, created_at, sealed"

    /// Reads a row; a sealed one keeps its secret's tag in `secret`.
    init(sqliteRow row: Row, sealer: RecordSealer? = nil) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "auth_proofs")
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
        self.init(
            mintURL: try r.parsed("mint_url") { try MintURL($0) }, proof: proof, createdAt: try r.date("created_at"))
    }

    /// The row's values; with a sealer the secret's tag stands in `secret` (unique as the secret is) and the token
    /// itself is sealed.
    func sqliteArguments(sealer: RecordSealer? = nil) throws(StorageError) -> StatementArguments {
        if let sealer {
            let tag = sealer.tag(proof.secret, domain: SealedRecordFields.authSecretDomain)
            let sealed = try SealedRecordFields.seal(proof, tag: tag, with: sealer)
            return [mintURL.rawValue, proof.id.hex, tag, "", nil, SQLiteValue.real(createdAt), Data(sealed)]
        }
        let dleq = try proof.dleq.map { dleq throws(StorageError) in try StoredJSON.text(dleq, "a token's DLEQ") }
        return [
            mintURL.rawValue, proof.id.hex, proof.secret, proof.C.hex, dleq, SQLiteValue.real(createdAt), nil,
        ]
    }
}
