// CLI: `cashu mints` — the mints of the wallet: add, list, remove, default, move.

import ArgumentParser

struct MintsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mints",
        abstract: "Add, list, remove or move mints, and choose the default one.",
        subcommands: [
            MintsListCommand.self, MintsAddCommand.self, MintsRemoveCommand.self, MintsDefaultCommand.self,
            MintsMoveCommand.self,
        ],
        defaultSubcommand: MintsListCommand.self
    )
}
