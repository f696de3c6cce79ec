// CLI: `cashu proofs` — what the wallet holds, per mint, unit, keyset and amount, with the wallet's states; never a
// proof's secret.

import ArgumentParser
import CoreCashu

struct ProofsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proofs",
        abstract: "List the proofs the wallet holds, per mint, keyset and amount, with their states.",
        discussion: """
            Counts proofs by mint, unit, keyset, amount and state (unspent: spendable; reserved: held by a payment \
            being prepared; pending: in an operation under way; sent: in a token not yet claimed). Spent proofs are \
            listed with --all. No secret is printed: a proof's secret is money. Answered from the store (no \
            network); `cashu burn` asks the mint which spendable proofs are already spent. --json prints \
            {"proofs": [{"mint", "unit", "keyset", "amount", "state", "count"}]}.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Also list proofs the wallet knows are spent.")
    var all = false

    func run() async throws {
        let all = all
        try await WalletContext.run(global) { context in
            let filter = try context.global.explicitMint()
            var statuses: Set<ProofStatus> = [.unspent, .reserved, .pending, .sent]
            if all { statuses.insert(.spent) }
            let proofs = try await context.wallet.proofs(mint: filter, unit: nil, statuses: statuses)
            let groups = ProofGroup.groups(proofs)
            var table = TextTable(
                header: ["Mint", "Unit", "Keyset", "Amount", "State", "Count"], rightAligned: [3, 5])
            var lastMint: MintURL?
            for group in groups {
                table.add([
                    group.mint == lastMint ? "" : group.mint.rawValue,
                    Untrusted.display(group.unit.rawValue, limit: 16), group.keyset, "\(group.amount)",
                    group.state.rawValue, "\(group.count)",
                ])
                lastMint = group.mint
            }
            let total = groups.filter { $0.state == .unspent }.reduce(0) { $0 + $1.count }
            context.output.result(
                human: groups.isEmpty
                    ? "No proofs." : table.rendered + "\n\(total) spendable proof\(total == 1 ? "" : "s")",
                json: .object([("proofs", .array(groups.map(\.json)))])
            )
        }
    }
}
