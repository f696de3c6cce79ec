// Storage: the NUT-22 blind auth token pool in the PostgreSQL wallet store.

import CashuEngine

extension PostgresTransaction: AuthProofStore {
    func addAuthProofs(_ proofs: [StoredAuthProof]) throws {
        try requireWritable("addAuthProofs")
        for proof in proofs {
            try execute(
                "INSERT INTO auth_proofs (\(StoredAuthProof.postgresColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                    + "ON CONFLICT (secret) DO NOTHING",
                try proof.postgresValues(sealer: sealer), during: "addAuthProofs")
        }
    }

    func takeAuthProof(mintURL: MintURL) throws -> StoredAuthProof? {
        try requireWritable("takeAuthProof")
        // Oldest first, deleted in the same statement that reads it.
        return try fetchOne(
            """
            DELETE FROM auth_proofs WHERE seq = (
                SELECT seq FROM auth_proofs WHERE mint_url = $1 ORDER BY created_at, seq LIMIT 1
            ) RETURNING \(StoredAuthProof.postgresColumns)
            """, [.text(mintURL.rawValue)], during: "takeAuthProof"
        ) { row throws(StorageError) in try StoredAuthProof(postgresRow: row, sealer: sealer) }
    }

    func authProofCount(mintURL: MintURL) throws -> Int {
        try count(
            "SELECT COUNT(*) FROM auth_proofs WHERE mint_url = $1", [.text(mintURL.rawValue)], during: "authProofCount")
    }

    func removeAuthProofs(mintURL: MintURL) throws -> Int {
        try requireWritable("removeAuthProofs")
        return try execute(
            "DELETE FROM auth_proofs WHERE mint_url = $1", [.text(mintURL.rawValue)], during: "removeAuthProofs")
    }
}
