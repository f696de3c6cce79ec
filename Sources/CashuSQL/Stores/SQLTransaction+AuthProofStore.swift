// Storage: the NUT-22 blind auth token pool in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func addAuthProofs(_ proofs: [StoredAuthProof]) throws {
        try requireWritable("addAuthProofs")
        for proof in proofs {
            try execute(
                "INSERT INTO auth_proofs (\(StoredAuthProof.sqlColumns)) VALUES \(SQL.list(StoredAuthProof.sqlColumnCount)) "
                    + "ON CONFLICT (secret) DO NOTHING",
                try proof.sqlValues(sealer: sealer), during: "addAuthProofs")
        }
    }

    package func takeAuthProof(mintURL: MintURL) throws -> StoredAuthProof? {
        try requireWritable("takeAuthProof")
        // Oldest first, deleted by the statement that reads it.
        return try fetchOne(
            """
            DELETE FROM auth_proofs WHERE seq = (
                SELECT seq FROM auth_proofs WHERE mint_url = ? ORDER BY created_at, seq LIMIT 1
            ) RETURNING \(StoredAuthProof.sqlColumns)
            """, [.text(mintURL.rawValue)], during: "takeAuthProof"
        ) { row throws(StorageError) in try StoredAuthProof(sqlRow: row, sealer: sealer) }
    }

    package func authProofCount(mintURL: MintURL) throws -> Int {
        try count(
            "SELECT COUNT(*) AS count FROM auth_proofs WHERE mint_url = ?", [.text(mintURL.rawValue)],
            table: "auth_proofs", during: "authProofCount")
    }

    package func removeAuthProofs(mintURL: MintURL) throws -> Int {
        try requireWritable("removeAuthProofs")
        return try execute(
            "DELETE FROM auth_proofs WHERE mint_url = ?", [.text(mintURL.rawValue)], during: "removeAuthProofs")
    }
}
