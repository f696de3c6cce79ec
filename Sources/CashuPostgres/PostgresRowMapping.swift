// Storage: wallet records to and from PostgreSQL rows (column formats in PostgresValue).

import CashuEngine
import Foundation
import PostgresNIO

extension StoredProof {
    static let postgresColumns =
        "y, mint_url, unit, keyset_id, amount, secret, c, dleq_json, witness, p2pk_e, status, operation_id, created_at, "
        + "sealed"

    init(postgresRow row: PostgresRow, mintURLs: MintURLMemo, sealer: RecordSealer?) throws(StorageError) {
        let r = PostgresRowReader(row, table: "proofs")
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
                dleq: try r.optionalParsed("dleq_json") {
                    try ProofDLEQ(storedJSON: $0)
                },
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
    func postgresValues(sealer: RecordSealer?) throws(StorageError) -> [PostgresValue] {
        if let sealer {
            let sealed = try SealedRecordFields.seal(proof, Y: Y, with: sealer)
            return [
                .text(Y.hex), .text(mintURL.rawValue), .text(unit.rawValue), .text(proof.id.hex),
                .amount(proof.amount), .text(""), .text(""), .text(nil), .text(nil), .text(nil),
                .text(status.rawValue), .text(operationID?.rawValue), .date(createdAt), .bytes(sealed),
            ]
        }
        let dleq = try proof.dleq.map { dleq throws(StorageError) in try StoredJSON.text(dleq, "a proof's DLEQ") }
        return [
            .text(Y.hex), .text(mintURL.rawValue), .text(unit.rawValue), .text(proof.id.hex), .amount(proof.amount),
            .text(proof.secret), .text(proof.C.hex), .text(dleq), .text(proof.witness), .text(proof.p2pkE?.hex),
            .text(status.rawValue), .text(operationID?.rawValue), .date(createdAt), .bytes(nil),
        ]
    }
}

extension StoredKeyset {
    static let postgresColumns = "id, mint_url, unit, active, input_fee_ppk, final_expiry, keys_json"

    init(postgresRow row: PostgresRow) throws(StorageError) {
        let r = PostgresRowReader(row, table: "keysets")
        self.init(
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            id: try r.parsed("id") { try KeysetID(hex: $0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            active: try r.bool("active"),
            inputFeePPK: try r.uint64("input_fee_ppk"),
            finalExpiry: try r.optionalUInt64("final_expiry"),
            keys: try r.json(KeysetKeys.self, "keys_json"))
    }

    func postgresValues() throws(StorageError) -> [PostgresValue] {
        let keysJSON = try keys.map { keys throws(StorageError) in try StoredJSON.text(keys, "a keyset's keys") }
        return [
            .text(id.hex), .text(mintURL.rawValue), .text(unit.rawValue), .boolean(active), .amount(inputFeePPK),
            .amount(finalExpiry), .text(keysJSON),
        ]
    }
}

extension StoredMint {
    static let postgresColumns = "url, info_json, info_fetched_at, added_at"

    init(postgresRow row: PostgresRow) throws(StorageError) {
        let r = PostgresRowReader(row, table: "mints")
        self.init(
            url: try r.parsed("url") { try MintURL($0) },
            infoJSON: try r.optionalBytes("info_json"),
            infoFetchedAt: try r.optionalDate("info_fetched_at"),
            addedAt: try r.date("added_at"))
    }

    var postgresValues: [PostgresValue] {
        [.text(url.rawValue), .bytes(infoJSON), .date(infoFetchedAt), .date(addedAt)]
    }
}

extension OperationRecord {
    static let postgresColumns = "id, kind, mint_url, unit, state, payload, created_at, updated_at, sealed"

    init(postgresRow row: PostgresRow, sealer: RecordSealer?) throws(StorageError) {
        let r = PostgresRowReader(row, table: "operations")
        let id = OperationID(rawValue: try r.text("id"))
        var payload = try r.bytes("payload")
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("operations") }
            payload = try SealedRecordFields.openField(
                sealed, context: SealedRecordFields.operationContext(id), with: sealer)
        }
        self.init(
            id: id,
            kind: try r.parsed("kind") { OperationKind(rawValue: $0) },
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            state: try r.parsed("state") { OperationState(rawValue: $0) },
            payload: payload,
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    func postgresValues(sealer: RecordSealer?) throws(StorageError) -> [PostgresValue] {
        let (payload, sealed) = try postgresPayload(sealer: sealer)
        return [
            .text(id.rawValue), .text(kind.rawValue), .text(mintURL.rawValue), .text(unit.rawValue),
            .text(state.rawValue), payload, .date(createdAt), .date(updatedAt), sealed,
        ]
    }

    /// The `payload` and `sealed` columns: the payload itself, or an empty one and the sealed payload.
    func postgresPayload(sealer: RecordSealer?) throws(StorageError)
        -> (payload: PostgresValue, sealed: PostgresValue)
    {
        guard let sealer else { return (.bytes(payload), .bytes(nil)) }
        let sealed = try SealedRecordFields.sealField(
            payload, context: SealedRecordFields.operationContext(id), with: sealer)
        return (.bytes([]), .bytes(sealed))
    }
}

extension StoredMintQuote {
    static let postgresColumns =
        "id, mint_url, unit, method, amount, request, state, expiry, pubkey, created_at, updated_at, sealed"

    /// The `id` column's value for a quote id: its tag when records are sealed.
    static func postgresID(_ id: String, sealer: RecordSealer?) -> String {
        sealer?.tag(id, domain: SealedRecordFields.mintQuoteDomain) ?? id
    }

    init(postgresRow row: PostgresRow, sealer: RecordSealer?) throws(StorageError) {
        let r = PostgresRowReader(row, table: "mint_quotes")
        var id = try r.text("id")
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("mint_quotes") }
            let opened = try SealedRecordFields.openField(
                sealed, context: SealedRecordFields.mintQuoteContext(id), with: sealer)
            guard let text = String(validating: opened, as: UTF8.self) else {
                throw StorageError(.corrupt, "mint_quotes.sealed is unreadable")
            }
            id = text
        }
        self.init(
            id: id,
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            method: try r.text("method"),
            amount: try r.uint64("amount"),
            request: try r.text("request"),
            state: MintQuoteState(rawValue: try r.text("state")),
            expiry: try r.optionalUInt64("expiry"),
            pubkey: try r.optionalParsed("pubkey") { try Point(hex: $0) },
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    func postgresValues(sealer: RecordSealer?) throws(StorageError) -> [PostgresValue] {
        let column = Self.postgresID(id, sealer: sealer)
        let sealed = try sealer.map { sealer throws(StorageError) in
            try SealedRecordFields.sealField(
                Array(id.utf8), context: SealedRecordFields.mintQuoteContext(column), with: sealer)
        }
        return [
            .text(column), .text(mintURL.rawValue), .text(unit.rawValue), .text(method), .amount(amount),
            .text(request), .text(state.rawValue), .amount(expiry), .text(pubkey?.hex), .date(createdAt),
            .date(updatedAt), .bytes(sealed),
        ]
    }
}

extension StoredMeltQuote {
    static let postgresColumns =
        "id, mint_url, unit, method, request, amount, fee_reserve, state, expiry, payment_preimage, created_at, "
        + "updated_at"

    init(postgresRow row: PostgresRow) throws(StorageError) {
        let r = PostgresRowReader(row, table: "melt_quotes")
        self.init(
            id: try r.text("id"),
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            method: try r.text("method"),
            request: try r.text("request"),
            amount: try r.uint64("amount"),
            feeReserve: try r.uint64("fee_reserve"),
            state: MeltQuoteState(rawValue: try r.text("state")),
            expiry: try r.optionalUInt64("expiry"),
            paymentPreimage: try r.optionalText("payment_preimage"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    var postgresValues: [PostgresValue] {
        [
            .text(id), .text(mintURL.rawValue), .text(unit.rawValue), .text(method), .text(request), .amount(amount),
            .amount(feeReserve), .text(state.rawValue), .amount(expiry), .text(paymentPreimage), .date(createdAt),
            .date(updatedAt),
        ]
    }
}

extension HistoryEntry {
    static let postgresColumns = "id, kind, mint_url, unit, amount, fee, state, memo, created_at, updated_at"

    init(postgresRow row: PostgresRow) throws(StorageError) {
        let r = PostgresRowReader(row, table: "history")
        self.init(
            id: OperationID(rawValue: try r.text("id")),
            kind: try r.parsed("kind") { OperationKind(rawValue: $0) },
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            amount: try r.uint64("amount"),
            fee: try r.uint64("fee"),
            state: try r.parsed("state") { HistoryEntry.State(rawValue: $0) },
            memo: try r.optionalText("memo"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    var postgresValues: [PostgresValue] {
        [
            .text(id.rawValue), .text(kind.rawValue), .text(mintURL.rawValue), .text(unit.rawValue), .amount(amount),
            .amount(fee), .text(state.rawValue), .text(memo), .date(createdAt), .date(updatedAt),
        ]
    }
}

extension QueuedOperation {
    static let postgresColumns =
        "id, mint_url, kind, payload, state, attempts, last_error_code, last_error, operation_id, result, "
        + "created_at, updated_at, sealed"

    init(postgresRow row: PostgresRow, sealer: RecordSealer?) throws(StorageError) {
        let r = PostgresRowReader(row, table: "queued_operations")
        let id = OperationID(rawValue: try r.text("id"))
        var payload = try r.bytes("payload")
        var result = try r.optionalBytes("result")
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("queued_operations") }
            (payload, result) = try SealedRecordFields.openQueued(sealed, id: id.rawValue, with: sealer)
        }
        self.init(
            id: id,
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            kind: try r.parsed("kind") { QueuedOperation.Kind(rawValue: $0) },
            payload: payload,
            state: try r.parsed("state") { QueuedOperation.State(rawValue: $0) },
            attempts: try r.int("attempts"),
            lastErrorCode: try r.optionalText("last_error_code"),
            lastError: try r.optionalText("last_error"),
            operationID: try r.optionalText("operation_id").map(OperationID.init(rawValue:)),
            result: result,
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    func postgresValues(sealer: RecordSealer?) throws(StorageError) -> [PostgresValue] {
        let (payload, result, sealed) = try postgresSecrets(sealer: sealer)
        return [
            .text(id.rawValue), .text(mintURL.rawValue), .text(kind.rawValue), payload, .text(state.rawValue),
            .integer(Int64(attempts)), .text(lastErrorCode), .text(lastError), .text(operationID?.rawValue),
            result, .date(createdAt), .date(updatedAt), sealed,
        ]
    }

    /// The `payload`, `result` and `sealed` columns: the values themselves, or empty ones and the sealed values.
    func postgresSecrets(sealer: RecordSealer?) throws(StorageError)
        -> (payload: PostgresValue, result: PostgresValue, sealed: PostgresValue)
    {
        guard let sealer else { return (.bytes(payload), .bytes(result), .bytes(nil)) }
        let sealed = try SealedRecordFields.sealQueued(payload: payload, result: result, id: id.rawValue, with: sealer)
        return (.bytes([]), .bytes(nil), .bytes(sealed))
    }
}

extension StoredAuthProof {
    static let postgresColumns = "mint_url, keyset_id, secret, c, dleq_json, created_at, sealed"

    /// Reads a row; a sealed one keeps its secret's tag in `secret`.
    init(postgresRow row: PostgresRow, sealer: RecordSealer?) throws(StorageError) {
        let r = PostgresRowReader(row, table: "auth_proofs")
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
                dleq: try r.optionalParsed("dleq_json") {
                    try ProofDLEQ(storedJSON: $0)
                })
        }
        self.init(
            mintURL: try r.parsed("mint_url") { try MintURL($0) }, proof: proof, createdAt: try r.date("created_at"))
    }

    /// The row's values; with a sealer the secret's tag stands in `secret` and the token itself is sealed.
    func postgresValues(sealer: RecordSealer?) throws(StorageError) -> [PostgresValue] {
        if let sealer {
            let tag = sealer.tag(proof.secret, domain: SealedRecordFields.authSecretDomain)
            let sealed = try SealedRecordFields.seal(proof, tag: tag, with: sealer)
            return [
                .text(mintURL.rawValue), .text(proof.id.hex), .text(tag), .text(""), .text(nil), .date(createdAt),
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
