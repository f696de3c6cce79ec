// CLI: `cashu history` — what the wallet did, newest first (answered from the store, no network).

import ArgumentParser
import CoreCashu

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show what the wallet did, newest first."
    )

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
            // The user's story: a transfer between mints is one line, not its melt and its mint.
            let entries = try await context.wallet.activity(limit: limit).filter {
                filter == nil || $0.mintURL == filter || $0.destination == filter
            }
            // Paid melts: what the mint's preimage proves (NUT-05/23), from the quote the melt paid.
            var proofs: [OperationID: ProofOfPayment] = [:]
            for entry in entries where entry.kind == .melt && entry.state == .done {
                if let quote = try await context.wallet.meltQuote(operation: entry.id) {
                    proofs[entry.id] = quote.proofOfPayment
                }
            }
            var table = TextTable(header: ["Date", "What", "Amount", "Fee", "State", "Mint"], rightAligned: [2, 3])
            for entry in entries {
                table.add([
                    DateText.short(entry.createdAt), Self.word(entry), Self.signed(entry),
                    entry.fee > 0 ? Amount.text(entry.fee, entry.unit) : "",
                    Self.state(entry) + (proofs[entry.id].map { ", " + ProofOfPaymentText.short($0) } ?? ""),
                    entry.mintURL.rawValue + (entry.destination.map { " → \($0.rawValue)" } ?? "")
                        + (entry.memo.map { "  \"\(Untrusted.display($0, limit: 60))\"" } ?? ""),
                ])
            }
            context.output.result(
                human: entries.isEmpty ? "No history yet." : table.rendered,
                json: .object([
                    (
                        "entries",
                        .array(
                            entries.map { entry in
                                .object([
                                    ("id", .string(entry.id.description)), ("kind", .string(entry.kind.rawValue)),
                                    ("mint", .string(entry.mintURL.rawValue)),
                                    ("to", .optional(entry.destination?.rawValue)),
                                    ("unit", .string(entry.unit.rawValue)),
                                    ("amount", .number(entry.amount)), ("fee", .number(entry.fee)),
                                    ("state", .string(entry.state.rawValue)), ("memo", .optional(entry.memo)),
                                    ("created", .date(entry.createdAt)), ("updated", .date(entry.updatedAt)),
                                    ("proofOfPayment", .optional(proofs[entry.id].map(ProofOfPaymentText.name))),
                                    ("parts", .array(entry.parts.map { .string($0.description) })),
                                ])
                            }
                        )
                    )
                ])
            )
        }
    }

    static let incoming: Set<OperationKind> = [.mint, .receive, .reclaim, .restore]
    static let outgoing: Set<OperationKind> = [.send, .melt, .burn]

    /// The amount with + for what came in and - for what went out.
    static func signed(_ entry: ActivityEntry) -> String {
        let text = Amount.text(entry.amount, entry.unit)
        guard entry.amount > 0 else { return text }
        if incoming.contains(entry.kind) { return "+" + text }
        return outgoing.contains(entry.kind) ? "-" + text : text
    }

    /// What an operation meant to a user.
    static func word(_ entry: ActivityEntry) -> String {
        switch entry.kind {
        case .mint: "minted"
        case .melt: "paid"
        // A send interrupted before its token was handed out ends as a swap of nothing.
        case .send: entry.amount == 0 ? "swapped" : "sent"
        case .receive: "received"
        case .swap: "swapped"
        case .reclaim: "reclaimed"
        case .restore: "restored"
        case .transfer: "transferred"
        case .blindAuth: "blind auth tokens"
        case .burn: "burned (spent elsewhere)"
        }
    }

    /// The state in words: a send stays pending until its token is claimed.
    static func state(_ entry: ActivityEntry) -> String {
        switch (entry.kind, entry.state) {
        case (.send, .pending): "unclaimed"
        case (.send, .done): "claimed"
        default: entry.state.rawValue
        }
    }
}
