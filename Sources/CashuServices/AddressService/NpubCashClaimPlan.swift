// npub.cash v2 — what a claim does with the quotes a service listed, decided without I/O: which to record (paid, at a
// mint the wallet holds, in a unit it knows), which wait for their mint to be added, and how far the `since` cursor
// may move (never past a paid quote left waiting, so nothing is lost; quotes seen twice are deduplicated by id).

import CoreCashu

/// The decisions of one claim over the quotes a service listed.
package struct NpubCashClaimPlan: Sendable, Equatable {
    /// How far back of the cursor each listing asks (`since` is strict, and the service stamps `paidAt` when its
    /// watcher sees the payment: a quote paid in the second of the last one seen must still be listed).
    package static let overlap: Int64 = 120

    /// Paid quotes to record, as the wallet stores them (locked to `lock` when the service says so).
    package var record: [StoredMintQuote]
    /// The mints of paid quotes the wallet does not hold: those quotes wait, listed again, until the mint is added.
    package var unknownMints: [String]
    /// The cursor to store with the recorded quotes (`nil`: leave it as it is).
    package var cursor: Int64?

    /// Decides.
    /// - Parameters:
    ///   - listed: the service's quotes.
    ///   - knownMints: the mints the wallet holds.
    ///   - previous: the stored cursor.
    ///   - lock: the key the service locks quotes to (the wallet's Nostr identity, even-y point).
    package init(listed: [NpubCashQuote], knownMints: Set<MintURL>, previous: Int64?, lock: Point) {
        var record: [StoredMintQuote] = []
        var waiting: [(mint: String, paidAt: Int64?)] = []
        var seen = Set<String>()
        var latest = previous
        for quote in listed where quote.state == "PAID" || quote.state == "ISSUED" {
            if let paidAt = quote.paidAt { latest = max(latest ?? paidAt, paidAt) }
            guard quote.state == "PAID", quote.amount > 0, seen.insert(quote.quoteID).inserted else { continue }
            guard let mint = try? MintURL(quote.mintURL), knownMints.contains(mint) else {
                waiting.append((quote.mintURL, quote.paidAt))
                continue
            }
            record.append(
                StoredMintQuote(
                    id: quote.quoteID, mintURL: mint, unit: CurrencyUnit(rawValue: quote.unit.lowercased()),
                    amount: quote.amount, request: quote.request ?? "", state: .paid,
                    expiry: quote.expiresAt.flatMap { $0 >= 0 ? UInt64($0) : nil },
                    pubkey: quote.locked ? lock : nil))
        }
        // A waiting quote holds the cursor just before it (one without a time holds it where it was).
        for wait in waiting {
            guard let current = latest else { break }
            latest = wait.paidAt.map { min(current, $0 - 1) } ?? min(current, previous ?? current)
        }
        self.record = record
        self.unknownMints = Array(Set(waiting.map { $0.mint })).sorted()
        self.cursor = latest == previous ? nil : latest.map { max($0, previous ?? $0) }
    }

    /// The `since` to list with after `cursor` (`nil`: everything).
    package static func since(cursor: Int64?) -> Int64? { cursor.map { max(0, $0 - overlap) } }
}
