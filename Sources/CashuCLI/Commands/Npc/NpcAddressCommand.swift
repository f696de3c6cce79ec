// CLI: `cashu npc address [--service URL]` — the wallet's npub.cash-style Lightning address.

import ArgumentParser
import LinuxCashu

struct NpcAddressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "address",
        abstract: "Show the wallet's Lightning address at the address service.",
        discussion: "Makes no request. --service sets the service (remembered for the other npc commands)."
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var options: NpcServiceOption

    func run() async throws {
        let service = options.service
        try await WalletContext.run(global) { context in
            let address = try await context.linux.npubCashAddress(service: service)
            context.output.result(human: address, json: .object([("address", .string(address))]))
        }
    }
}
