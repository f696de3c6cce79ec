// CLI: `cashu history` — what the wallet did, newest first (answered from the store, no network).

import ArgumentParser
import CoreCashu

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Show what the wallet did, newest first.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("How many entries to show.", valueName: "n"))
    var limit: Int = 50

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
    }

    func run() async throws {
        let limit = limit
        try await WalletContext.run(global) { context in
            let filter = try context.global.explicitMint()
            let entries = try await context.wallet.history(limit: limit).filter { filter == nil || $0.mintURL == filter }
            var table = TextTable(header: ["Date", "What", "Amount", "Fee", "State", "Mint"], rightAligned: [2, 3])
            for entry in entries {
                let sign = Self.incoming.contains(entry.kind) ? "+" : (Self.outgoing.contains(entry.kind) ? "-" : "")
                table.add([
                    DateText.short(entry.createdAt), Self.word(entry.kind),
                    sign + Amount.text(entry.amount, entry.unit), entry.fee > 0 ? Amount.text(entry.fee, entry.unit) : "",
                    entry.state.rawValue, entry.mintURL.rawValue + (entry.memo.map { "  \"\(Untrusted.display($0, limit: 60))\"" } ?? ""),
                ])
            }
            context.output.result(
                human: entries.isEmpty ? "No history yet." : table.rendered,
                json: .object([
                    ("entries", .array(entries.map { entry in
                        .object([
                            ("id", .string(entry.id.rawValue)), ("kind", .string(entry.kind.rawValue)),
                            ("mint", .string(entry.mintURL.rawValue)), ("unit", .string(entry.unit.rawValue)),
                            ("amount", .number(entry.amount)), ("fee", .number(entry.fee)),
                            ("state", .string(entry.state.rawValue)), ("memo", .optional(entry.memo)),
                            ("created", .date(entry.createdAt)), ("updated", .date(entry.updatedAt)),
                        ])
                    }))
                ]))
        }
    }

    static let incoming: Set<OperationKind> = [.mint, .receive, .reclaim, .restore]
    static let outgoing: Set<OperationKind> = [.send, .melt]

    /// What an operation kind means to a user.
    static func word(_ kind: OperationKind) -> String {
        switch kind {
        case .mint: "minted"
        case .melt: "paid"
        case .send: "sent"
        case .receive: "received"
        case .swap: "swapped"
        case .reclaim: "reclaimed"
        case .restore: "restored"
        }
    }
}
