// Storage: sealing the records of a SQL store that are still in plaintext, or all of them again under a new data key
// (RecordSealingStore).

import CashuEngine

/// A SQL store's answer to `RecordSealingStore.hasPlaintextRecords(_:)`, the same for both databases.
package protocol SQLRecordSealingStore: RecordSealingStore {}

extension SQLRecordSealingStore {
    /// Whether any record is still in plaintext, asked in `tx` (one of this store's transactions).
    package func hasPlaintextRecords(_ tx: any WalletTransaction) throws -> Bool {
        guard let tx = tx as? any SQLTransaction else {
            throw StorageError(.database, "a transaction of another store")
        }
        return try tx.hasPlaintextRecords()
    }
}

extension SQLTransaction {
    /// Whether any record is still in plaintext (partial indexes answer for the big tables).
    package func hasPlaintextRecords() throws(StorageError) -> Bool {
        try count(
            "SELECT \(SQL.flag(SQLOpeningState.plaintextCondition)) AS plaintext", [], column: "plaintext",
            table: "proofs", during: "hasPlaintextRecords") > 0
    }

    /// Seals the records still in plaintext (or, with `all`, every record again) with this transaction's sealer.
    /// - Returns: how many records were written.
    package func sealRecords(all: Bool) throws(StorageError) -> Int {
        try requireWritable("sealRecords")
        guard let sealer else { throw StorageError(.database, "sealRecords without the wallet's keys") }
        let filter = all ? "" : " WHERE sealed IS NULL"
        let during = "sealRecords"
        let memo = MintURLMemo()
        let proofs = try fetch("SELECT \(StoredProof.sqlColumns) FROM proofs\(filter)", [], during: during) {
            row throws(StorageError) in try StoredProof(sqlRow: row, mintURLs: memo, sealer: sealer)
        }
        for proof in proofs {
            let sealed = try SealedRecordFields.seal(proof.proof, Y: proof.Y, with: sealer)
            try execute(
                "UPDATE proofs SET secret = '', c = '', dleq_json = NULL, witness = NULL, p2pk_e = NULL, sealed = ? "
                    + "WHERE y = ?", [.bytes(sealed), .text(proof.Y.hex)], during: during)
        }
        let operations = try fetch(
            "SELECT \(OperationRecord.sqlColumns) FROM operations\(filter)", [], during: during
        ) { row throws(StorageError) in try OperationRecord(sqlRow: row, sealer: sealer) }
        for operation in operations {
            let (payload, sealed) = try operation.sqlPayload(sealer: sealer)
            try execute(
                "UPDATE operations SET payload = ?, sealed = ? WHERE id = ?",
                [payload, sealed, .text(operation.id.rawValue)], during: during)
        }
        let entries = try fetch(
            "SELECT \(QueuedOperation.sqlColumns) FROM queued_operations\(filter)", [], during: during
        ) { row throws(StorageError) in try QueuedOperation(sqlRow: row, sealer: sealer) }
        for entry in entries {
            let (payload, result, sealed) = try entry.sqlSecrets(sealer: sealer)
            try execute(
                "UPDATE queued_operations SET payload = ?, result = ?, sealed = ? WHERE id = ?",
                [payload, result, sealed, .text(entry.id.rawValue)], during: during)
        }
        let tokens = try fetch(
            "SELECT seq, \(StoredAuthProof.sqlColumns) FROM auth_proofs\(filter)", [], during: during
        ) { row throws(StorageError) in
            let seq = try SQLRowReader(row, table: "auth_proofs").uint64("seq")
            return (seq, try StoredAuthProof(sqlRow: row, sealer: sealer))
        }
        for (seq, token) in tokens {
            let tag = sealer.tag(token.proof.secret, domain: SealedRecordFields.authSecretDomain)
            let sealed = try SealedRecordFields.seal(token.proof, tag: tag, with: sealer)
            try execute(
                "UPDATE auth_proofs SET secret = ?, c = '', dleq_json = NULL, sealed = ? WHERE seq = ?",
                [.text(tag), .bytes(sealed), .amount(seq)], during: during)
        }
        let quotes = try fetch(
            "SELECT seq, \(StoredMintQuote.sqlColumns) FROM mint_quotes\(filter)", [], during: during
        ) { row throws(StorageError) in
            let seq = try SQLRowReader(row, table: "mint_quotes").uint64("seq")
            return (seq, try StoredMintQuote(sqlRow: row, sealer: sealer))
        }
        for (seq, quote) in quotes {
            let tag = StoredMintQuote.idColumn(quote.id, sealer: sealer)
            try execute(
                "UPDATE mint_quotes SET id = ?, sealed = ? WHERE seq = ?",
                [.text(tag), .bytes(try StoredMintQuote.sealedID(quote.id, column: tag, sealer)), .amount(seq)],
                during: during)
        }
        return proofs.count + operations.count + entries.count + tokens.count + quotes.count
    }
}
