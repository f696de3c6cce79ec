// Storage: sealing the records of the PostgreSQL wallet store that are still in plaintext, or all of them again
// under a new data key (RecordSealingStore).

import CashuEngine

extension PostgresTransaction {
    /// Whether any record is still in plaintext.
    func hasPlaintextRecords() throws(StorageError) -> Bool {
        try count(
            """
            SELECT CASE WHEN EXISTS (SELECT 1 FROM proofs WHERE sealed IS NULL)
                OR EXISTS (SELECT 1 FROM operations WHERE sealed IS NULL)
                OR EXISTS (SELECT 1 FROM queued_operations WHERE sealed IS NULL)
                OR EXISTS (SELECT 1 FROM auth_proofs WHERE sealed IS NULL)
                OR EXISTS (SELECT 1 FROM mint_quotes WHERE sealed IS NULL) THEN 1::INT8 ELSE 0::INT8 END
            """, [], during: "hasPlaintextRecords") > 0
    }

    /// Seals the records still in plaintext (or, with `all`, every record again) with this transaction's sealer.
    /// - Returns: how many records were written.
    func sealRecords(all: Bool) throws(StorageError) -> Int {
        try requireWritable("sealRecords")
        guard let sealer else { throw StorageError(.database, "sealRecords without the wallet's keys") }
        let filter = all ? "" : " WHERE sealed IS NULL"
        let during = "sealRecords"
        let memo = MintURLMemo()
        let proofs = try fetch("SELECT \(StoredProof.postgresColumns) FROM proofs\(filter)", during: during) {
            row throws(StorageError) in try StoredProof(postgresRow: row, mintURLs: memo, sealer: sealer)
        }
        for proof in proofs {
            let sealed = try SealedRecordFields.seal(proof.proof, Y: proof.Y, with: sealer)
            try execute(
                "UPDATE proofs SET secret = '', c = '', dleq_json = NULL, witness = NULL, p2pk_e = NULL, sealed = $1 "
                    + "WHERE y = $2", [.bytes(sealed), .text(proof.Y.hex)], during: during)
        }
        let operations = try fetch(
            "SELECT \(OperationRecord.postgresColumns) FROM operations\(filter)", during: during
        ) { row throws(StorageError) in try OperationRecord(postgresRow: row, sealer: sealer) }
        for operation in operations {
            let (payload, sealed) = try operation.postgresPayload(sealer: sealer)
            try execute(
                "UPDATE operations SET payload = $1, sealed = $2 WHERE id = $3",
                [payload, sealed, .text(operation.id.rawValue)], during: during)
        }
        let entries = try fetch(
            "SELECT \(QueuedOperation.postgresColumns) FROM queued_operations\(filter)", during: during
        ) { row throws(StorageError) in try QueuedOperation(postgresRow: row, sealer: sealer) }
        for entry in entries {
            let (payload, result, sealed) = try entry.postgresSecrets(sealer: sealer)
            try execute(
                "UPDATE queued_operations SET payload = $1, result = $2, sealed = $3 WHERE id = $4",
                [payload, result, sealed, .text(entry.id.rawValue)], during: during)
        }
        let tokens = try fetch(
            "SELECT seq, \(StoredAuthProof.postgresColumns) FROM auth_proofs\(filter)", during: during
        ) { row throws(StorageError) in
            (try PostgresRowReader(row, table: "auth_proofs").uint64("seq"),
                try StoredAuthProof(postgresRow: row, sealer: sealer))
        }
        for (seq, token) in tokens {
            let tag = sealer.tag(token.proof.secret, domain: SealedRecordFields.authSecretDomain)
            let sealed = try SealedRecordFields.seal(token.proof, tag: tag, with: sealer)
            try execute(
                "UPDATE auth_proofs SET secret = $1, c = '', dleq_json = NULL, sealed = $2 WHERE seq = $3",
                [.text(tag), .bytes(sealed), .amount(seq)], during: during)
        }
        let quotes = try fetch(
            "SELECT seq, \(StoredMintQuote.postgresColumns) FROM mint_quotes\(filter)", during: during
        ) { row throws(StorageError) in
            (try PostgresRowReader(row, table: "mint_quotes").uint64("seq"),
                try StoredMintQuote(postgresRow: row, sealer: sealer))
        }
        for (seq, quote) in quotes {
            let tag = StoredMintQuote.postgresID(quote.id, sealer: sealer)
            let sealed = try SealedRecordFields.sealField(
                Array(quote.id.utf8), context: SealedRecordFields.mintQuoteContext(tag), with: sealer)
            try execute(
                "UPDATE mint_quotes SET id = $1, sealed = $2 WHERE seq = $3",
                [.text(tag), .bytes(sealed), .amount(seq)], during: during)
        }
        return proofs.count + operations.count + entries.count + tokens.count + quotes.count
    }
}
