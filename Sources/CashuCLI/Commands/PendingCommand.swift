// CLI: `cashu pending` — tokens sent but not yet claimed (NUT-07 check), payments in flight, transfers under way,
// invoices not yet minted; `--reclaim` takes unclaimed tokens back.

import ArgumentParser
import CoreCashu
import LinuxCashu
import Foundation

struct PendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "Show unclaimed tokens, payments in flight and unminted invoices; reclaim tokens.",
        discussion: """
            Asks the mints which sent tokens were claimed (unless --offline) and settles payments that finished. \
            --reclaim takes back every unclaimed token (or those whose operation ids are given). Operations kept \
            for a mint that was unreachable (the offline queue) are listed too, and those the mint refused; \
            --forget ID drops one from the queue and prints its token, if it was a receive, so nothing is lost.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Take unclaimed tokens back into the wallet.")
    var reclaim = false

    @Flag(name: .long, help: "Do not ask the mints; show what the wallet last knew.")
    var offline = false

    @Option(
        name: .long, help: ArgumentHelp("Drop this queued operation (printing a receive's token).", valueName: "id"))
    var forget: String?

    @Argument(help: ArgumentHelp("Operation ids of the sends to reclaim (default: all).", valueName: "id"))
    var ids: [String] = []

    func validate() throws {
        if reclaim && offline { throw ValidationError("--reclaim needs the mint; drop --offline") }
        if !ids.isEmpty && !reclaim { throw ValidationError("operation ids are for --reclaim") }
        if forget != nil && reclaim { throw ValidationError("--forget and --reclaim are separate runs") }
    }

    func run() async throws {
        let (reclaim, offline, ids, forget) = (reclaim, offline, ids, forget)
        try await WalletContext.run(global) { context in
            let output = context.output
            if let forget {
                try await Self.forget(forget, context: context)
                return
            }
            let filter = try context.global.explicitMint()
            var checked = false
            if !offline {
                do {
                    _ = try await context.wallet.check(mint: filter)
                    checked = true
                } catch let error as WalletError where error.code == .mintUnreachable || error.code == .pending {
                    output.warn("could not ask the mint (\(error.reason)); showing what the wallet last knew")
                }
            }
            var reclaimed: [JSONOutput] = []
            var notReclaimed: [JSONOutput] = []
            var reclaimedLines: [String] = []
            if reclaim {
                let sends = try await context.wallet.pendingSends(mint: filter)
                let chosen = ids.isEmpty ? sends : sends.filter { ids.contains($0.operationID.description) }
                if !ids.isEmpty && chosen.count != ids.count {
                    throw CLIError(.input, "no unclaimed send with such an operation id", code: "invalidInput")
                }
                for send in chosen {
                    do {
                        let result = try await context.wallet.reclaim(send.operationID)
                        reclaimed.append(
                            .object([
                                ("operation", .string(send.operationID.description)),
                                ("amount", .number(result.amount)), ("fee", .number(result.fee)),
                                ("unit", .string(send.unit.rawValue)),
                            ])
                        )
                        reclaimedLines.append(
                            "Reclaimed \(Amount.text(result.amount, send.unit)) from the token sent "
                                + "\(DateText.short(send.createdAt))."
                        )
                    } catch let error as WalletError where error.code == .alreadySpent {
                        reclaimedLines.append("The token sent \(DateText.short(send.createdAt)) was claimed meanwhile.")
                    } catch let error as WalletError where error.code == .invalidInput && chosen.count > 1 {
                        // A locked send before its locktime (alone, its error is the command's): the others are
                        // still reclaimed.
                        notReclaimed.append(
                            .object([
                                ("operation", .string(send.operationID.description)), ("reason", .string(error.reason)),
                            ]))
                        reclaimedLines.append(
                            "Not reclaimed, the token sent \(DateText.short(send.createdAt)): \(error.reason).")
                    }
                }
            }
            let sends = try await context.wallet.pendingSends(mint: filter)
            let melts = try await context.wallet.meltQuotes(mint: filter).filter { $0.state == .pending }
            let now = UInt64(Date().timeIntervalSince1970)
            let quotes = try await context.wallet.mintQuotes(mint: filter).filter {
                $0.state == .paid || ($0.state == .unpaid && ($0.expiry.map { $0 > now } ?? true))
            }
            let transfers = try await context.wallet.openTransfers().filter { transfer in
                filter.map { transfer.from == $0 || transfer.to == $0 } ?? true
            }
            let queued = try await context.linux.queue.entries().filter { entry in
                filter.map { entry.mintURL == $0 } ?? true
            }
            let refused = try await context.linux.queue.entries(states: [.failed]).filter { entry in
                filter.map { entry.mintURL == $0 } ?? true
            }
            var sections: [String] = reclaimedLines
            if !queued.isEmpty {
                sections.append(
                    "Waiting for their mint (offline queue; `cashu refresh` runs them):\n"
                        + queued.map { "  " + QueueText.waiting($0) + " [\($0.id)]" }.joined(separator: "\n"))
            }
            if !refused.isEmpty {
                sections.append(
                    "Refused by their mint (`cashu pending --forget ID` drops one and prints a receive's token):\n"
                        + refused.map { "  " + QueueText.failed($0) + " [\($0.id)]" }.joined(separator: "\n"))
            }
            if !sends.isEmpty {
                var table = TextTable(rightAligned: [1])
                for send in sends {
                    table.add([
                        DateText.short(send.createdAt), Amount.text(send.amount, send.unit), send.mintURL.rawValue,
                        send.operationID.description,
                    ])
                }
                sections.append(
                    "Tokens sent, not yet claimed\(checked ? "" : " (not checked with the mint)"):\n" + table.rendered
                )
            }
            if !melts.isEmpty {
                var table = TextTable(rightAligned: [0])
                for melt in melts {
                    table.add([Amount.text(melt.amount, melt.unit), melt.mintURL.rawValue, "quote \(melt.id)"])
                }
                sections.append("Payments in flight:\n" + table.rendered)
            }
            if !transfers.isEmpty {
                var table = TextTable(rightAligned: [1])
                for transfer in transfers {
                    table.add([
                        DateText.short(transfer.createdAt), Amount.text(transfer.amount, transfer.unit),
                        "\(transfer.from) -> \(transfer.to)", transfer.operationID.description,
                    ])
                }
                sections.append("Transfers under way (`cashu refresh` continues them):\n" + table.rendered)
            }
            if !quotes.isEmpty {
                var table = TextTable(rightAligned: [0])
                for quote in quotes {
                    let state = quote.state == .paid ? "paid, not minted yet" : "waiting for payment"
                    table.add([
                        Amount.text(quote.amount, quote.unit), quote.mintURL.rawValue, state,
                        "cashu mint --quote \(quote.id)",
                    ])
                }
                sections.append("Invoices to mint:\n" + table.rendered)
            }
            if sections.isEmpty { sections.append("Nothing pending.") }
            output.result(
                human: sections.joined(separator: "\n\n"),
                json: .object([
                    ("checked", .bool(checked)),
                    ("queued", .array(queued.map(QueueText.json))),
                    ("refused", .array(refused.map(QueueText.json))),
                    (
                        "sends",
                        .array(
                            sends.map { send in
                                .object([
                                    ("operation", .string(send.operationID.description)),
                                    ("mint", .string(send.mintURL.rawValue)),
                                    ("unit", .string(send.unit.rawValue)), ("amount", .number(send.amount)),
                                    ("created", .date(send.createdAt)),
                                ])
                            }
                        )
                    ),
                    (
                        "melts",
                        .array(
                            melts.map { melt in
                                .object([
                                    ("quote", .string(melt.id)), ("mint", .string(melt.mintURL.rawValue)),
                                    ("unit", .string(melt.unit.rawValue)), ("amount", .number(melt.amount)),
                                    ("feeReserve", .number(melt.feeReserve)),
                                    ("state", .string(melt.state.rawValue.lowercased())),
                                ])
                            }
                        )
                    ),
                    (
                        "mintQuotes",
                        .array(
                            quotes.map { quote in
                                .object([
                                    ("quote", .string(quote.id)), ("mint", .string(quote.mintURL.rawValue)),
                                    ("unit", .string(quote.unit.rawValue)), ("amount", .number(quote.amount)),
                                    ("state", .string(quote.state.rawValue.lowercased())),
                                    ("expiry", .optional(quote.expiry)),
                                ])
                            }
                        )
                    ),
                    (
                        "transfers",
                        .array(
                            transfers.map { transfer in
                                .object([
                                    ("operation", .string(transfer.operationID.description)),
                                    ("from", .string(transfer.from.rawValue)), ("to", .string(transfer.to.rawValue)),
                                    ("unit", .string(transfer.unit.rawValue)), ("amount", .number(transfer.amount)),
                                    ("created", .date(transfer.createdAt)),
                                ])
                            }
                        )
                    ),
                    ("reclaimed", .array(reclaimed)), ("notReclaimed", .array(notReclaimed)),
                ])
            )
        }
    }

    /// Drops a queued (or refused) operation; a receive's token is printed alone on stdout, so it is not lost.
    static func forget(_ text: String, context: WalletContext) async throws {
        let id = OperationID(text.trimmingCharacters(in: .whitespaces))
        let queue = context.linux.queue
        let token = try await queue.token(of: id)
        guard try await queue.remove(id) else {
            throw CLIError(
                .input, "no queued operation with the id \(Untrusted.display(id.description, limit: 80))",
                code: "invalidInput")
        }
        context.output.result(
            human: token ?? "Dropped the queued operation \(id).",
            json: .object([("forgotten", .string(id.description)), ("token", .optional(token))])
        )
    }
}
