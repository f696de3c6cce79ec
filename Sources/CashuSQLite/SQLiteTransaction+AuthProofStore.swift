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
                    "INSERT OR IGNORE INTO auth_proofs (\(StoredAuthProof.sqlColumns)) VALUES (?, ?, ?, ?, ?, ?)",
                    try proof.sqliteArguments())
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
                    { row in (row["seq"] as Int64, try StoredAuthProof(sqliteRow: row)) })
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
    static let sqlColumns = "mint_url, keyset_id, secret, c, dleq_json, created_at"

    init(sqliteRow row: Row) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "auth_proofs")
        self.init(
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            proof: AuthProof(
                id: try r.parsed("keyset_id") { try KeysetID(hex: $0) },
                secret: try r.text("secret"),
                C: try r.parsed("c") { try Point(hex: $0) },
                dleq: try r.optionalParsed("dleq_json") { try ProofDLEQ(storedJSON: $0) }),
            createdAt: try r.date("created_at"))
    }

    func sqliteArguments() throws(StorageError) -> StatementArguments {
        let dleq = try proof.dleq.map { dleq throws(StorageError) in try SQLiteValue.json(dleq, "a token's DLEQ") }
        return [
            mintURL.rawValue, proof.id.hex, proof.secret, proof.C.hex, dleq, SQLiteValue.real(createdAt),
        ]
    }
}
