// CLI: `cashu mints remove URL` — forget a mint; refused while the wallet holds ecash or unfinished work there.

import ArgumentParser
import CoreCashu

struct MintsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a mint (refused while the wallet still holds ecash of it)."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The mint's URL.", valueName: "url"))
    var url: String

    func run() async throws {
        let url = try GlobalOptions.mintURL(url)
        try await WalletContext.run(global) { context in
            guard try await context.wallet.mints().contains(where: { $0.url == url }) else {
                throw CLIError(.input, "mint \(url) is not in this wallet", code: "unknownMint")
            }
            try await context.wallet.removeMint(url)
            // NUT-27: the mint leaves the backed-up list too (published by this command).
            try? await context.linux.forgetMintInBackup(url)
            // Its own proxy goes with it.
            if context.linux.proxy(for: url) != nil { try await context.linux.setProxy(nil, for: url) }
            let wasDefault = try await context.wallet.defaultMint() == url
            if wasDefault { try await context.wallet.setDefaultMint(nil) }
            context.output.result(
                human: "Removed mint \(url).\(wasDefault ? " The wallet has no default mint now." : "")",
                json: .object([("removed", .string(url.rawValue)), ("wasDefault", .bool(wasDefault))])
            )
        }
    }
}
