// Storage: mint and melt quotes in the SQLite wallet store.

import CashuEngine
import GRDB

extension SQLiteTransaction: QuoteStore {
    func saveMintQuote(_ quote: StoredMintQuote) throws {
        try requireWritable("saveMintQuote")
        try mappingErrors("saveMintQuote") {
            try execute(
                """
                INSERT INTO mint_quotes (\(StoredMintQuote.sqlColumns)) VALUES (\(databaseQuestionMarks(count: 12)))
                ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                    method = excluded.method, amount = excluded.amount, request = excluded.request,
                    state = excluded.state, expiry = excluded.expiry, pubkey = excluded.pubkey,
                    created_at = excluded.created_at, updated_at = excluded.updated_at, sealed = excluded.sealed
                """, try quote.sqliteArguments(sealer: sealer))
        }
    }

    func mintQuote(id: String) throws -> StoredMintQuote? {
        try mappingErrors("mintQuote") {
            try fetchOne(
                "SELECT \(StoredMintQuote.sqlColumns) FROM mint_quotes WHERE id = ?",
                [StoredMintQuote.idColumn(id, sealer: sealer)]
            ) { try StoredMintQuote(sqliteRow: $0, sealer: self.sealer) }
        }
    }

    func mintQuotes(mintURL: MintURL?) throws -> [StoredMintQuote] {
        try mappingErrors("mintQuotes") {
            try fetch(
                "SELECT \(StoredMintQuote.sqlColumns) FROM mint_quotes \(Self.mintFilter(mintURL)) "
                    + "ORDER BY created_at DESC, seq DESC",
                mintURL.map { [$0.rawValue] } ?? []
            ) { try StoredMintQuote(sqliteRow: $0, sealer: self.sealer) }
        }
    }

    func saveMeltQuote(_ quote: StoredMeltQuote) throws {
        try requireWritable("saveMeltQuote")
        try mappingErrors("saveMeltQuote") {
            try execute(
                """
                INSERT INTO melt_quotes (\(StoredMeltQuote.sqlColumns)) VALUES (\(databaseQuestionMarks(count: 12)))
                ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                    method = excluded.method, request = excluded.request, amount = excluded.amount,
                    fee_reserve = excluded.fee_reserve, state = excluded.state, expiry = excluded.expiry,
                    payment_preimage = excluded.payment_preimage, created_at = excluded.created_at,
                    updated_at = excluded.updated_at
                """, quote.sqliteArguments)
        }
    }

    func meltQuote(id: String) throws -> StoredMeltQuote? {
        try mappingErrors("meltQuote") {
            try fetchOne(
                "SELECT \(StoredMeltQuote.sqlColumns) FROM melt_quotes WHERE id = ?", [id],
                StoredMeltQuote.init(sqliteRow:))
        }
    }

    func meltQuotes(mintURL: MintURL?) throws -> [StoredMeltQuote] {
        try mappingErrors("meltQuotes") {
            try fetch(
                "SELECT \(StoredMeltQuote.sqlColumns) FROM melt_quotes \(Self.mintFilter(mintURL)) "
                    + "ORDER BY created_at DESC, seq DESC",
                mintURL.map { [$0.rawValue] } ?? [], StoredMeltQuote.init(sqliteRow:))
        }
    }

    private static func mintFilter(_ mintURL: MintURL?) -> String { mintURL == nil ? "" : "WHERE mint_url = ?" }
}
