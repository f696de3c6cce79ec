// Storage: sealing the records of the SQLite wallet store that are still in plaintext, or all of them again under
// a new data key (RecordSealingStore).

import CashuEngine
import Foundation
import GRDB

extension SQLiteTransaction {
    /// Whether any record is still in plaintext (the partial indexes of migration v5 answer for the big tables).
    func hasPlaintextRecords() throws -> Bool {
        try mappingErrors("hasPlaintextRecords") {
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM proofs WHERE sealed IS NULL)
                        OR EXISTS (SELECT 1 FROM operations WHERE sealed IS NULL)
                        OR EXISTS (SELECT 1 FROM queued_operations WHERE sealed IS NULL)
                        OR EXISTS (SELECT 1 FROM auth_proofs WHERE sealed IS NULL)
                        OR EXISTS (SELECT 1 FROM mint_quotes WHERE sealed IS NULL)
                    """) ?? false
        }
    }

    /// Seals the records still in plaintext (or, with `all`, every record again) with this transaction's sealer.
    /// - Returns: how many records were written.
    func sealRecords(all: Bool) throws -> Int {
        try requireWritable("sealRecords")
        guard let sealer else { throw StorageError(.database, "sealRecords without the wallet's keys") }
        let filter = all ? "" : " WHERE sealed IS NULL"
        return try mappingErrors("sealRecords") {
            var written = 0
            let proofs = try fetch("SELECT \(StoredProof.sqlColumns) FROM proofs\(filter)", []) {
                try StoredProof(sqliteRow: $0, sealer: sealer)
            }
            for proof in proofs {
                let sealed = try SealedRecordFields.seal(proof.proof, Y: proof.Y, with: sealer)
                try execute(
                    "UPDATE proofs SET secret = '', c = '', dleq_json = NULL, witness = NULL, p2pk_e = NULL, "
                        + "sealed = ? WHERE y = ?", [Data(sealed), proof.Y.hex])
            }
            written += proofs.count
            let operations = try fetch("SELECT \(OperationRecord.sqlColumns) FROM operations\(filter)", []) {
                try OperationRecord(sqliteRow: $0, sealer: sealer)
            }
            for operation in operations {
                let (payload, sealed) = try operation.sqlitePayload(sealer: sealer)
                try execute(
                    "UPDATE operations SET payload = ?, sealed = ? WHERE id = ?",
                    [payload, sealed, operation.id.rawValue])
            }
            written += operations.count
            let entries = try fetch("SELECT \(QueuedOperation.sqlColumns) FROM queued_operations\(filter)", []) {
                try QueuedOperation(sqliteRow: $0, sealer: sealer)
            }
            for entry in entries {
                let (payload, result, sealed) = try entry.sqliteSecrets(sealer: sealer)
                try execute(
                    "UPDATE queued_operations SET payload = ?, result = ?, sealed = ? WHERE id = ?",
                    [payload, result, sealed, entry.id.rawValue])
            }
            written += entries.count
            let tokens = try fetch("SELECT seq, \(StoredAuthProof.sqlColumns) FROM auth_proofs\(filter)", []) {
                ($0["seq"] as Int64, try StoredAuthProof(sqliteRow: $0, sealer: sealer))
            }
            for (seq, token) in tokens {
                let tag = sealer.tag(token.proof.secret, domain: SealedRecordFields.authSecretDomain)
                let sealed = try SealedRecordFields.seal(token.proof, tag: tag, with: sealer)
                try execute(
                    "UPDATE auth_proofs SET secret = ?, c = '', dleq_json = NULL, sealed = ? WHERE seq = ?",
                    [tag, Data(sealed), seq])
            }
            written += tokens.count
            let quotes = try fetch("SELECT seq, \(StoredMintQuote.sqlColumns) FROM mint_quotes\(filter)", []) {
                ($0["seq"] as Int64, try StoredMintQuote(sqliteRow: $0, sealer: sealer))
            }
            for (seq, quote) in quotes {
                let tag = StoredMintQuote.idColumn(quote.id, sealer: sealer)
                let sealed = try SealedRecordFields.sealField(
                    Array(quote.id.utf8), context: SealedRecordFields.mintQuoteContext(tag), with: sealer)
                try execute("UPDATE mint_quotes SET id = ?, sealed = ? WHERE seq = ?", [tag, Data(sealed), seq])
            }
            written += quotes.count
            return written
        }
    }
}
