// CLI: `cashu mints default [URL]` — show or set the default mint (kept in the wallet store's metadata).

import ArgumentParser
import CoreCashu

struct MintsDefaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "default",
        abstract: "Show the default mint, or make URL the default."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The mint to make the default (it must be in the wallet).", valueName: "url"))
    var url: String?

    func run() async throws {
        let url = try url.map(GlobalOptions.mintURL)
        try await WalletContext.run(global) { context in
            if let url {
                guard try await context.wallet.mints().contains(where: { $0.url == url }) else {
                    throw CLIError(
                        .input,
                        "mint \(url) is not in this wallet; add it with `cashu mints add \(url)`",
                        code: "unknownMint"
                    )
                }
                try await context.wallet.setDefaultMint(url)
            }
            let current = try await context.wallet.defaultMint()
            let human =
                current.map { url == nil ? $0.rawValue : "The default mint is now \($0)." }
                ?? "No default mint; set one with `cashu mints default URL`."
            context.output.result(human: human, json: .object([("default", .optional(current?.rawValue))]))
        }
    }
}
