// CLI: `cashu mints move OLD NEW` — a mint that moved to another URL keeps its proofs, quotes and history.

import ArgumentParser
import CoreCashu

struct MintsMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a mint that changed its URL: its ecash, quotes and history go with it.",
        discussion: """
            Checks first that the new URL serves every keyset the wallet knows of the old one (the same mint), that \
            the new URL is not a mint of the wallet yet, and that nothing is unfinished at the old one (run cashu \
            recover and cashu pending first). The default mint, a proxy of its own and a login move with it.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The mint's old URL.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The mint's new URL.", valueName: "new"))
    var new: String

    func run() async throws {
        let old = try GlobalOptions.mintURL(old)
        let new = try GlobalOptions.mintURL(new)
        try await WalletContext.run(global) { context in
            guard try await context.wallet.mints().contains(where: { $0.url == old }) else {
                throw CLIError(.input, "mint \(old) is not in this wallet", code: "unknownMint")
            }
            let moved = try await context.linux.moveMint(from: old, to: new)
            let balance = try await context.wallet.balance(mint: new, unit: .sat)
            context.output.result(
                human: "Moved mint \(old) to \(new): \(moved) proofs, \(balance) sat spendable there.",
                json: .object([
                    ("from", .string(old.rawValue)), ("to", .string(new.rawValue)), ("proofs", .int(moved)),
                    ("balance", .number(balance)),
                ])
            )
        }
    }
}
