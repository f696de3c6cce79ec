// CLI: `cashu npc set-mint [URL]` — the mint an npub.cash-style service asks for the address's quotes.

import ArgumentParser
import CoreCashu
import LinuxCashu

struct NpcSetMintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-mint",
        abstract: "Make the service take the address's payments at a mint of this wallet.",
        discussion: "Without URL, the wallet's default mint."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The mint (it must be in the wallet).", valueName: "url"))
    var url: String?

    @OptionGroup var options: NpcServiceOption

    func run() async throws {
        let (url, service) = (try url.map(GlobalOptions.mintURL), options.service)
        try await WalletContext.run(global) { context in
            var chosen = url
            if chosen == nil { chosen = try await context.wallet.defaultMint() }
            guard let mint = chosen else {
                throw CLIError(.input, "no mint given and no default mint", code: "invalidInput")
            }
            let address = try await context.linux.npubCashAddress(service: service, mint: mint)
            context.output.result(
                human: "Payments to \(address) now go to \(mint).",
                json: .object([("address", .string(address)), ("mint", .string(mint.rawValue))]))
        }
    }
}
