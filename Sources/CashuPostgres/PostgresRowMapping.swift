// Storage: wallet records to and from PostgreSQL rows (column formats in PostgresValue).

import CashuEngine
import Foundation
import PostgresNIO

extension StoredProof {
    static let postgresColumns =
        "y, mint_url, unit, keyset_id, amount, secret, c, dleq_json, witness, p2pk_e, status, operation_id, created_at"

    init(postgresRow row: PostgresRow, mintURLs: PostgresMintURLMemo) throws(StorageError) {
        let r = PostgresRowReader(row, table: "proofs")
        let proof = Proof(
            amount: try r.uint64("amount"),
            id: try r.parsed("keyset_id") { try KeysetID(hex: $0) },
            secret: try r.text("secret"),
            C: try r.parsed("c") { try CompressedPoint(hex: $0) },
            dleq: try r.optionalParsed("dleq_json") { try JSONDecoder().decode(ProofDLEQ.self, from: Data($0.utf8)) },
            witness: try r.optionalText("witness"),
            p2pkE: try r.optionalParsed("p2pk_e") { try Point(hex: $0) })
        self.init(
            proof: proof,
            Y: try r.parsed("y") { try CompressedPoint(hex: $0) },
            mintURL: try r.parsed("mint_url") { try mintURLs.url($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            status: try r.parsed("status") { ProofStatus(rawValue: $0) },
            operationID: try r.optionalText("operation_id").map(OperationID.init(rawValue:)),
            createdAt: try r.date("created_at"))
    }

    func postgresValues() throws(StorageError) -> [PostgresValue] {
        let dleq = try proof.dleq.map { dleq throws(StorageError) in try PostgresValue.json(dleq, "a proof's DLEQ") }
        return [
            .text(Y.hex), .text(mintURL.rawValue), .text(unit.rawValue), .text(proof.id.hex), .amount(proof.amount),
            .text(proof.secret), .text(proof.C.hex), .text(dleq), .text(proof.witness), .text(proof.p2pkE?.hex),
            .text(status.rawValue), .text(operationID?.rawValue), .date(createdAt),
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
        let keysJSON = try keys.map { keys throws(StorageError) in try PostgresValue.json(keys, "a keyset's keys") }
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
    static let postgresColumns = "id, kind, mint_url, unit, state, payload, created_at, updated_at"

    init(postgresRow row: PostgresRow) throws(StorageError) {
        let r = PostgresRowReader(row, table: "operations")
        self.init(
            id: OperationID(rawValue: try r.text("id")),
            kind: try r.parsed("kind") { OperationKind(rawValue: $0) },
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            state: try r.parsed("state") { OperationState(rawValue: $0) },
            payload: try r.bytes("payload"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    var postgresValues: [PostgresValue] {
        [
            .text(id.rawValue), .text(kind.rawValue), .text(mintURL.rawValue), .text(unit.rawValue),
            .text(state.rawValue), .bytes(payload), .date(createdAt), .date(updatedAt),
        ]
    }
}

extension StoredMintQuote {
    static let postgresColumns =
        "id, mint_url, unit, method, amount, request, state, expiry, pubkey, created_at, updated_at"

    init(postgresRow row: PostgresRow) throws(StorageError) {
        let r = PostgresRowReader(row, table: "mint_quotes")
        self.init(
            id: try r.text("id"),
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

    var postgresValues: [PostgresValue] {
        [
            .text(id), .text(mintURL.rawValue), .text(unit.rawValue), .text(method), .amount(amount), .text(request),
            .text(state.rawValue), .amount(expiry), .text(pubkey?.hex), .date(createdAt), .date(updatedAt),
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
        + "created_at, updated_at"

    init(postgresRow row: PostgresRow) throws(StorageError) {
        let r = PostgresRowReader(row, table: "queued_operations")
        self.init(
            id: OperationID(rawValue: try r.text("id")),
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            kind: try r.parsed("kind") { QueuedOperation.Kind(rawValue: $0) },
            payload: try r.bytes("payload"),
            state: try r.parsed("state") { QueuedOperation.State(rawValue: $0) },
            attempts: try r.int("attempts"),
            lastErrorCode: try r.optionalText("last_error_code"),
            lastError: try r.optionalText("last_error"),
            operationID: try r.optionalText("operation_id").map(OperationID.init(rawValue:)),
            result: try r.optionalBytes("result"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    var postgresValues: [PostgresValue] {
        [
            .text(id.rawValue), .text(mintURL.rawValue), .text(kind.rawValue), .bytes(payload), .text(state.rawValue),
            .integer(Int64(attempts)), .text(lastErrorCode), .text(lastError), .text(operationID?.rawValue),
            .bytes(result), .date(createdAt), .date(updatedAt),
        ]
    }
}

extension StoredAuthProof {
    static let postgresColumns = "mint_url, keyset_id, secret, c, dleq_json, created_at"

    init(postgresRow row: PostgresRow) throws(StorageError) {
        let r = PostgresRowReader(row, table: "auth_proofs")
        self.init(
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            proof: AuthProof(
                id: try r.parsed("keyset_id") { try KeysetID(hex: $0) },
                secret: try r.text("secret"),
                C: try r.parsed("c") { try Point(hex: $0) },
                dleq: try r.optionalParsed("dleq_json") {
                    try JSONDecoder().decode(ProofDLEQ.self, from: Data($0.utf8))
                }),
            createdAt: try r.date("created_at"))
    }

    func postgresValues() throws(StorageError) -> [PostgresValue] {
        let dleq = try proof.dleq.map { dleq throws(StorageError) in try PostgresValue.json(dleq, "a token's DLEQ") }
        return [
            .text(mintURL.rawValue), .text(proof.id.hex), .text(proof.secret), .text(proof.C.hex), .text(dleq),
            .date(createdAt),
        ]
    }
}

/// Parses `mint_url` texts, reusing the last result when the text repeats (the rows of one query nearly always
/// share their mint, and `MintURL.init` is a large part of reading a proof row).
final class PostgresMintURLMemo {
    private var last: (text: String, url: MintURL)?

    func url(_ text: String) throws -> MintURL {
        if let last, last.text == text { return last.url }
        let url = try MintURL(text)
        last = (text, url)
        return url
    }
}
