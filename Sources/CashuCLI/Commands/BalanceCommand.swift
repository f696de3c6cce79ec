// CLI: `cashu balance` — the spendable balance per mint and unit, answered from the store (no network).

import ArgumentParser
import CoreCashu

struct BalanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balance",
        abstract: "Show the spendable balance per mint and unit.",
        discussion: """
            --json prints {"total": N, "mints": {"<url>": {"<unit>": N}}}, where total sums --unit over every \
            mint (or the --mint given). Ecash in tokens sent but not yet claimed is not spendable; see `cashu pending`.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let unit = context.global.currencyUnit
            let mints = try await context.mintsInScope()
            let rows = try await context.wallet.balances()
            var spendable: [MintURL: [CurrencyUnit: UInt64]] = [:]
            var sent: [MintURL: [CurrencyUnit: UInt64]] = [:]
            var inFlight: [MintURL: [CurrencyUnit: UInt64]] = [:]
            for row in rows where mints.contains(row.mintURL) {
                switch row.status {
                case .unspent: spendable[row.mintURL, default: [:]][row.unit, default: 0] += row.amount
                case .sent: sent[row.mintURL, default: [:]][row.unit, default: 0] += row.amount
                case .pending, .reserved: inFlight[row.mintURL, default: [:]][row.unit, default: 0] += row.amount
                case .spent: break
                }
            }
            let total = mints.reduce(UInt64(0)) { $0 + (spendable[$1]?[unit] ?? 0) }
            var json: [(String, JSONOutput)] = []
            var table = TextTable(rightAligned: [1])
            for mint in mints {
                var units = spendable[mint] ?? [:]
                units[unit] = units[unit] ?? 0
                let ordered = units.keys.sorted { ($0 == unit ? "" : $0.rawValue) < ($1 == unit ? "" : $1.rawValue) }
                json.append((mint.rawValue, .object(ordered.map { ($0.rawValue, .number(units[$0] ?? 0)) })))
                for (index, each) in ordered.enumerated() {
                    var notes: [String] = []
                    if let amount = sent[mint]?[each], amount > 0 {
                        notes.append("\(Amount.text(amount, each)) in tokens not yet claimed")
                    }
                    if let amount = inFlight[mint]?[each], amount > 0 {
                        notes.append("\(Amount.text(amount, each)) in operations under way")
                    }
                    let note = notes.isEmpty ? "" : "(+ " + notes.joined(separator: ", ") + ")"
                    table.add([index == 0 ? mint.rawValue : "", Amount.text(units[each] ?? 0, each), note])
                }
            }
            table.add(["Total", Amount.text(total, unit), ""])
            let human =
                mints.isEmpty
                ? "No mints yet: add one with `cashu mints add URL`.\nTotal: \(Amount.text(0, unit))" : table.rendered
            context.output.result(
                human: human,
                json: .object([("total", .number(total)), ("mints", .object(json))])
            )
        }
    }
}
