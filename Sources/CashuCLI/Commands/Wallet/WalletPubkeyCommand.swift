// CLI: `cashu wallet pubkey` — the wallet's P2PK receiving key (NUT-11): tokens locked to it only this wallet can
// claim. Derived from the seed on first use; its private half is kept in the secure store, where receive finds it,
// and a wallet restored from the phrase derives it again.

import ArgumentParser
import CoreCashu

struct WalletPubkeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pubkey",
        abstract: "Show the public key others lock tokens to (`cashu send --lock KEY`)."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            // Derived from the seed (m/129373'/10'/0'/0'/n) on first use: a wallet restored from its phrase still
            // claims what was locked to it.
            let key = try await context.wallet.receivingKey()
            context.output.result(human: key.hex, json: .object([("pubkey", .string(key.hex))]))
        }
    }
}
