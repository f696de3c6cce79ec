// CLI: `cashu mints` — the mints of the wallet: add, list, remove, default.

import ArgumentParser

struct MintsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mints",
        abstract: "Add, list or remove mints, and choose the default one.",
        subcommands: [MintsListCommand.self, MintsAddCommand.self, MintsRemoveCommand.self, MintsDefaultCommand.self],
        defaultSubcommand: MintsListCommand.self
    )
}
