// Storage: mint and melt quotes in the PostgreSQL wallet store.

import CashuEngine

extension PostgresTransaction: QuoteStore {
    func saveMintQuote(_ quote: StoredMintQuote) throws {
        try requireWritable("saveMintQuote")
        try execute(
            """
            INSERT INTO mint_quotes (\(StoredMintQuote.postgresColumns))
                VALUES (\(placeholders(from: 1, count: 12)))
            ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                method = excluded.method, amount = excluded.amount, request = excluded.request,
                state = excluded.state, expiry = excluded.expiry, pubkey = excluded.pubkey,
                created_at = excluded.created_at, updated_at = excluded.updated_at, sealed = excluded.sealed
            """, try quote.postgresValues(sealer: sealer), during: "saveMintQuote")
    }

    func mintQuote(id: String) throws -> StoredMintQuote? {
        try fetchOne(
            "SELECT \(StoredMintQuote.postgresColumns) FROM mint_quotes WHERE id = $1",
            [.text(StoredMintQuote.postgresID(id, sealer: sealer))], during: "mintQuote"
        ) { row throws(StorageError) in try StoredMintQuote(postgresRow: row, sealer: sealer) }
    }

    func mintQuotes(mintURL: MintURL?) throws -> [StoredMintQuote] {
        try fetch(
            "SELECT \(StoredMintQuote.postgresColumns) FROM mint_quotes \(Self.mintFilter(mintURL)) "
                + "ORDER BY created_at DESC, seq DESC",
            mintURL.map { [.text($0.rawValue)] } ?? [], during: "mintQuotes"
        ) { row throws(StorageError) in try StoredMintQuote(postgresRow: row, sealer: sealer) }
    }

    func saveMeltQuote(_ quote: StoredMeltQuote) throws {
        try requireWritable("saveMeltQuote")
        try execute(
            """
            INSERT INTO melt_quotes (\(StoredMeltQuote.postgresColumns))
                VALUES (\(placeholders(from: 1, count: 12)))
            ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                method = excluded.method, request = excluded.request, amount = excluded.amount,
                fee_reserve = excluded.fee_reserve, state = excluded.state, expiry = excluded.expiry,
                payment_preimage = excluded.payment_preimage, created_at = excluded.created_at,
                updated_at = excluded.updated_at
            """, quote.postgresValues, during: "saveMeltQuote")
    }

    func meltQuote(id: String) throws -> StoredMeltQuote? {
        try fetchOne(
            "SELECT \(StoredMeltQuote.postgresColumns) FROM melt_quotes WHERE id = $1", [.text(id)],
            during: "meltQuote", StoredMeltQuote.init(postgresRow:))
    }

    func meltQuotes(mintURL: MintURL?) throws -> [StoredMeltQuote] {
        try fetch(
            "SELECT \(StoredMeltQuote.postgresColumns) FROM melt_quotes \(Self.mintFilter(mintURL)) "
                + "ORDER BY created_at DESC, seq DESC",
            mintURL.map { [.text($0.rawValue)] } ?? [], during: "meltQuotes", StoredMeltQuote.init(postgresRow:))
    }

    private static func mintFilter(_ mintURL: MintURL?) -> String { mintURL == nil ? "" : "WHERE mint_url = $1" }
}
