// Storage: mint and melt quotes in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func saveMintQuote(_ quote: StoredMintQuote) throws {
        try requireWritable("saveMintQuote")
        try execute(
            """
            INSERT INTO mint_quotes (\(StoredMintQuote.sqlColumns)) VALUES \(SQL.list(StoredMintQuote.sqlColumnCount))
            ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                method = excluded.method, amount = excluded.amount, request = excluded.request,
                state = excluded.state, expiry = excluded.expiry, pubkey = excluded.pubkey,
                created_at = excluded.created_at, updated_at = excluded.updated_at, sealed = excluded.sealed
            """, try quote.sqlValues(sealer: sealer), during: "saveMintQuote")
    }

    package func mintQuote(id: String) throws -> StoredMintQuote? {
        try fetchOne(
            "SELECT \(StoredMintQuote.sqlColumns) FROM mint_quotes WHERE id = ?",
            [.text(StoredMintQuote.idColumn(id, sealer: sealer))], during: "mintQuote"
        ) { row throws(StorageError) in try StoredMintQuote(sqlRow: row, sealer: sealer) }
    }

    package func mintQuotes(mintURL: MintURL?) throws -> [StoredMintQuote] {
        try fetch(
            "SELECT \(StoredMintQuote.sqlColumns) FROM mint_quotes\(Self.mintFilter(mintURL)) "
                + "ORDER BY created_at DESC, seq DESC",
            Self.mintValues(mintURL), during: "mintQuotes"
        ) { row throws(StorageError) in try StoredMintQuote(sqlRow: row, sealer: sealer) }
    }

    package func saveMeltQuote(_ quote: StoredMeltQuote) throws {
        try requireWritable("saveMeltQuote")
        try execute(
            """
            INSERT INTO melt_quotes (\(StoredMeltQuote.sqlColumns)) VALUES \(SQL.list(StoredMeltQuote.sqlColumnCount))
            ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                method = excluded.method, request = excluded.request, amount = excluded.amount,
                fee_reserve = excluded.fee_reserve, state = excluded.state, expiry = excluded.expiry,
                payment_preimage = excluded.payment_preimage, created_at = excluded.created_at,
                updated_at = excluded.updated_at
            """, quote.sqlValues, during: "saveMeltQuote")
    }

    package func meltQuote(id: String) throws -> StoredMeltQuote? {
        try fetchOne(
            "SELECT \(StoredMeltQuote.sqlColumns) FROM melt_quotes WHERE id = ?", [.text(id)], during: "meltQuote",
            StoredMeltQuote.init(sqlRow:))
    }

    package func meltQuotes(mintURL: MintURL?) throws -> [StoredMeltQuote] {
        try fetch(
            "SELECT \(StoredMeltQuote.sqlColumns) FROM melt_quotes\(Self.mintFilter(mintURL)) "
                + "ORDER BY created_at DESC, seq DESC",
            Self.mintValues(mintURL), during: "meltQuotes", StoredMeltQuote.init(sqlRow:))
    }

    private static func mintFilter(_ mintURL: MintURL?) -> String { mintURL == nil ? "" : " WHERE mint_url = ?" }
    private static func mintValues(_ mintURL: MintURL?) -> [SQLValue] { mintURL.map { [.text($0.rawValue)] } ?? [] }
}
