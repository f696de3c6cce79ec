// Storage: proofs, keysets and mints to and from SQLite rows (column formats in SQLiteValue).

import CashuEngine
import Foundation
import GRDB

extension StoredProof {
    static let sqlColumns =
        "y, mint_url, unit, keyset_id, amount, secret, c, dleq_json, witness, p2pk_e, status, operation_id, created_at, "
        + "sealed"

    /// Reads a row; `mintURLs` may be shared by the rows of one query, which nearly always have one mint.
    init(sqliteRow row: Row, mintURLs: MintURLMemo = MintURLMemo(), sealer: RecordSealer? = nil) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "proofs")
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
            mintURL: try r.parsed("mint_url") { try mintURLs.url($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            status: try r.parsed("status") { ProofStatus(rawValue: $0) },
            operationID: try r.optionalText("operation_id").map(OperationID.init(rawValue:)),
            createdAt: try r.date("created_at"))
    }

    /// The row's values; with a sealer the secret fields are sealed into `sealed` and left empty in their columns.
    func sqliteArguments(sealer: RecordSealer? = nil) throws(StorageError) -> StatementArguments {
        if let sealer {
            let sealed = try SealedRecordFields.seal(proof, Y: Y, with: sealer)
            return [
                Y.hex, mintURL.rawValue, unit.rawValue, proof.id.hex, SQLiteValue.integer(proof.amount), "", "", nil,
                nil, nil, status.rawValue, operationID?.rawValue, SQLiteValue.real(createdAt), Data(sealed),
            ]
        }
        let dleq = try proof.dleq.map { dleq throws(StorageError) in try StoredJSON.text(dleq, "a proof's DLEQ") }
        return [
            Y.hex, mintURL.rawValue, unit.rawValue, proof.id.hex, SQLiteValue.integer(proof.amount), proof.secret,
            proof.C.hex, dleq, proof.witness, proof.p2pkE?.hex, status.rawValue, operationID?.rawValue,
            SQLiteValue.real(createdAt), nil,
        ]
    }
}

extension StoredKeyset {
    static let sqlColumns = "id, mint_url, unit, active, input_fee_ppk, final_expiry, keys_json"

    init(sqliteRow row: Row) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "keysets")
        self.init(
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            id: try r.parsed("id") { try KeysetID(hex: $0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            active: try r.bool("active"),
            inputFeePPK: try r.uint64("input_fee_ppk"),
            finalExpiry: try r.optionalUInt64("final_expiry"),
            keys: try r.json(KeysetKeys.self, "keys_json"))
    }

    func sqliteArguments() throws(StorageError) -> StatementArguments {
        let keysJSON = try keys.map { keys throws(StorageError) in try StoredJSON.text(keys, "a keyset's keys") }
        return [
            id.hex, mintURL.rawValue, unit.rawValue, active ? 1 : 0, SQLiteValue.integer(inputFeePPK),
            SQLiteValue.integer(finalExpiry), keysJSON,
        ]
    }
}

extension StoredMint {
    static let sqlColumns = "url, info_json, info_fetched_at, added_at"

    init(sqliteRow row: Row) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "mints")
        self.init(
            url: try r.parsed("url") { try MintURL($0) },
            infoJSON: try r.optionalBytes("info_json"),
            infoFetchedAt: try r.optionalDate("info_fetched_at"),
            addedAt: try r.date("added_at"))
    }

    var sqliteArguments: StatementArguments {
        [url.rawValue, infoJSON.map { Data($0) }, SQLiteValue.real(infoFetchedAt), SQLiteValue.real(addedAt)]
    }
}
