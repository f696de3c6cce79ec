// Wallet: the history as a user's story (ActivityStory), read from the store without a network round trip.

import Foundation

extension Wallet {
    /// The wallet's story, newest first: the history (the store's lines) with each transfer between mints as one
    /// line (from, to, amount, fees) whose ``ActivityEntry/parts`` name its melt and mint.
    public func activity(limit: Int = 100) async throws(WalletError) -> [ActivityEntry] {
        try await read { tx -> [ActivityEntry] in
            let history = try tx.history(limit: limit)
            let transfers = try tx.operations(kind: .transfer, limit: limit).compactMap { record in
                (try? JSONDecoder().decode(TransferJournal.self, from: Data(record.payload))).map {
                    ActivityStory.Transfer(record: record, journal: $0)
                }
            }
            var mintQuoteOf: [OperationID: String] = [:]
            if !transfers.isEmpty {
                // A closed mint keeps the quote it minted (QuoteReference); an open one its whole journal.
                for entry in history where entry.kind == .mint {
                    guard let record = try tx.operation(id: entry.id) else { continue }
                    if let reference = try? JSONDecoder().decode(QuoteReference.self, from: Data(record.payload)) {
                        mintQuoteOf[entry.id] = reference.quoteID
                    }
                }
            }
            return ActivityStory.lines(
                history: history, transfers: transfers, mintQuoteOf: mintQuoteOf, limit: limit)
        }
    }
}
