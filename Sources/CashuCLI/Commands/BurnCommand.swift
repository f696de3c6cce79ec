// CLI: `cashu burn` — asks each mint (NUT-07) which of the wallet's spendable proofs are already spent, and takes
// those out of the balance. Spends nothing.

import ArgumentParser
import CoreCashu

struct BurnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "burn",
        abstract: "Take out of the balance the proofs a mint says are already spent.",
        discussion: """
            Asks each mint (or the --mint given) for the state of every spendable proof the wallet holds there \
            (NUT-07) and marks spent those it reports spent: a copy spent elsewhere, the same recovery phrase used \
            in another wallet. Nothing is sent to be spent; a proof the mint holds pending is kept. A history line \
            tells what was burned. A mint that cannot answer is reported and the others still checked (exit 69 when \
            one could not). --json prints {"mints": [{"mint", "checked", "pending", "burned": {"<unit>": N}}]}.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let mints = try await context.mintsInScope()
            var lines: [String] = []
            var json: [JSONOutput] = []
            var failure: WalletError?
            for mint in mints {
                let report: BurnReport
                do throws(WalletError) {
                    report = try await context.wallet.burnSpent(mint: mint)
                } catch {
                    context.output.warn("\(mint): \(error.reason)")
                    failure = failure ?? error
                    continue
                }
                let burned = report.burned.map { Amount.text($0.amount, $0.unit) }
                var line = "\(mint): \(report.checked) spendable proof\(report.checked == 1 ? "" : "s") checked, "
                line += burned.isEmpty ? "none spent" : "burned \(burned.joined(separator: ", "))"
                if report.pending > 0 { line += " (\(report.pending) pending at the mint, kept)" }
                lines.append(line)
                json.append(
                    .object([
                        ("mint", .string(mint.rawValue)), ("checked", .number(UInt64(report.checked))),
                        ("pending", .number(UInt64(report.pending))),
                        ("burned", .object(report.burned.map { ($0.unit.rawValue, .number($0.amount)) })),
                    ]))
            }
            context.output.result(
                human: mints.isEmpty ? "No mints yet." : lines.joined(separator: "\n"),
                json: .object([("mints", .array(json))])
            )
            if let failure { throw failure }
        }
    }
}
