// Wallet: telling the history as a user's story — a transfer's melt and mint folded into one line. Decisions only.

/// Folds the history lines of composite operations into one line each (``Wallet/activity(limit:)`` reads the inputs).
enum ActivityStory {
    /// A transfer as the story needs it: its record's id, state and dates, and its journal.
    struct Transfer: Sendable {
        var record: OperationRecord
        var journal: TransferJournal
    }

    /// The story of `history` (newest first) with `transfers` folded in: each transfer is one line at its own
    /// time, and the lines of its melt (``TransferJournal/meltOperationID``) and of the mint of its quote
    /// (`mintQuoteOf` maps a mint line's id to the quote it minted) are left out. At most `limit` lines.
    static func lines(
        history: [HistoryEntry], transfers: [Transfer], mintQuoteOf: [OperationID: String], limit: Int
    ) -> [ActivityEntry] {
        var folded: Set<OperationID> = []
        var lines: [ActivityEntry] = []
        let byID = Dictionary(history.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for transfer in transfers {
            let journal = transfer.journal
            let melt = journal.meltOperationID.flatMap { byID[$0] }
            let mint = history.first { $0.kind == .mint && mintQuoteOf[$0.id] == journal.mintQuoteID }
            let state: HistoryEntry.State =
                switch transfer.record.state {
                case .done: .done
                case .failed: .failed
                default: .pending
                }
            var line = ActivityEntry(
                HistoryEntry(
                    id: transfer.record.id, kind: .transfer, mintURL: journal.from, unit: journal.unit,
                    amount: journal.amount, fee: melt?.state == .done ? melt?.fee ?? 0 : 0, state: state,
                    createdAt: transfer.record.createdAt, updatedAt: transfer.record.updatedAt))
            line.destination = journal.to
            line.parts = [melt?.id, mint?.id].compactMap { $0 }
            folded.formUnion(line.parts)
            lines.append(line)
        }
        lines += history.filter { !folded.contains($0.id) }.map(ActivityEntry.init)
        lines.sort { $0.createdAt > $1.createdAt }
        return Array(lines.prefix(limit))
    }
}
