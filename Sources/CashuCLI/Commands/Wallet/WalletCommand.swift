// CLI: `cashu wallet` — create the wallet, back up its mnemonic, show its P2PK receiving key, rotate its data key.

import ArgumentParser

struct WalletCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet",
        abstract: "Create the wallet, back up its recovery phrase, show its receiving key, rotate its data key.",
        subcommands: [
            WalletInitCommand.self, WalletBackupCommand.self, WalletPubkeyCommand.self, WalletRotateKeyCommand.self,
        ]
    )
}
