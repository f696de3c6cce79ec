// CLI: `cashu transfer AMOUNT --from A --to B` (or `--all`) — move sats between mints: a mint quote at B, a melt at
// A paying its invoice, the mint at B, journaled as one operation that recovery continues after a crash.

import ArgumentParser
import CoreCashu
import LinuxCashu

struct TransferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer",
        abstract: "Move sats from one mint to another over Lightning.",
        discussion: """
            Asks --to for an invoice of the amount and --from for a quote paying it, shows the fee reserve (the \
            most Lightning routing may cost; the unused part comes back as change) and the estimated input fees, \
            and asks before moving anything unless --yes. --from defaults to --mint (or the default mint); a --to \
            mint the wallet does not know is added. --all moves everything held at --from, less the fees. A \
            transfer stopped by a crash or a lost connection is continued by the next command (or `cashu \
            refresh`); one still under way ends with exit code 75, and `cashu pending` shows it.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The amount to arrive at --to (omit with --all).", valueName: "amount"))
    var amount: String?

    @Option(name: .long, help: ArgumentHelp("The mint the sats leave (default: --mint).", valueName: "url"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("The mint the sats arrive at.", valueName: "url"))
    var to: String

    @Flag(name: .long, help: "Move everything held at --from, less the fees.")
    var all = false

    @Flag(name: [.short, .long], help: "Move without asking.")
    var yes = false

    func validate() throws {
        if all && amount != nil { throw ValidationError("give an amount or --all, not both") }
        if !all && amount == nil { throw ValidationError("give the amount to move, or --all") }
    }

    func run() async throws {
        let (amountText, fromText, toText, yes) = (amount, from, to, yes)
        let amount: UInt64? = try amountText.map { text in
            guard let value = Amount.parse(text), value > 0 else {
                throw CLIError(.input, "not a positive amount: \(Untrusted.display(text, limit: 40))", code: "usage")
            }
            return value
        }
        let to = try GlobalOptions.mintURL(toText)
        let explicitFrom = try fromText.map(GlobalOptions.mintURL)
        try await WalletContext.run(global) { context in
            let output = context.output
            if !yes && !output.stdinIsTerminal {
                throw CLIError(.usage, "stdin is not a terminal: pass --yes to move without a question", code: "usage")
            }
            let from: MintURL
            if let explicitFrom { from = explicitFrom } else { from = try await context.mint() }
            let unit = context.global.currencyUnit
            let known = try await context.wallet.mints().map(\.url)
            guard known.contains(from) else {
                throw CLIError(
                    .config, "the wallet does not know \(from); add it with `cashu mints add`", code: "unknownMint")
            }
            if !known.contains(to) {
                let capabilities = try await context.wallet.addMint(to)
                let name = capabilities.name.map { " (\(Untrusted.display($0, limit: 60)))" } ?? ""
                output.note("Added mint \(to)\(name).")
            }
            // The source's proofs are held while the question is open; a `no` releases them.
            let prepared = try await context.wallet.prepareTransfer(amount: amount, from: from, to: to, unit: unit)
            let summary = TextTable(rightAligned: [1]).with([
                ["Amount", Amount.text(prepared.amount, unit), "arrives at \(to)"],
                [
                    "Fee reserve", Amount.text(prepared.payment.feeReserve, unit),
                    "(Lightning fees, at most; the rest comes back)",
                ],
                [
                    "Input fees", Amount.text(prepared.payment.inputFee, unit),
                    prepared.payment.swaps ? "(at most: a swap comes first)" : "",
                ],
                ["At most", Amount.text(prepared.most, unit), "from \(from)"],
            ])
            if !yes {
                Output.write("Move these sats?\n\(summary.rendered)\n", to: .standardError)
                let question = "Move \(Amount.text(prepared.amount, unit)) to \(to)?"
                try await Prompt.confirmOrRelease(
                    question, output: output, nothing: "moved", release: prepared.cancel)
            } else {
                output.note(summary.rendered)
            }
            let result = try await prepared.confirm()
            guard result.state == .done else {
                throw CLIError(
                    .pending,
                    "the transfer is under way (\(result.reason ?? "not settled")); `cashu pending` shows it and "
                        + "`cashu refresh` continues it",
                    code: "pending",
                    operationID: result.operationID
                )
            }
            let fee = result.fee.map { " (fees \(Amount.text($0, unit)))" } ?? ""
            output.result(
                human: "Moved \(Amount.text(result.arrived, unit)) from \(from) to \(to)\(fee).",
                json: .object([
                    ("operation", .string(result.operationID.description)), ("state", "done"),
                    ("from", .string(from.rawValue)), ("to", .string(to.rawValue)), ("unit", .string(unit.rawValue)),
                    ("amount", .number(result.amount)), ("arrived", .number(result.arrived)),
                    ("fee", .optional(result.fee)), ("feeReserve", .number(prepared.payment.feeReserve)),
                    ("inputFeeEstimate", .number(prepared.payment.inputFee)),
                ])
            )
        }
    }
}
