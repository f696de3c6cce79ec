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
            let key: Point
            if let hex = try await CLIMetadata.read(CLIMetadata.p2pkPublicKey, in: context.store), !hex.isEmpty,
                let known = try? Point(hex: hex)
            {
                key = known
            } else {
                // Derived from the seed (m/129373'/10'/0'/0'/n): a wallet restored from its phrase still claims
                // what was locked to it.
                key = try await context.wallet.newReceivingKey()
                try await CLIMetadata.write(CLIMetadata.p2pkPublicKey, key.hex, in: context.store)
            }
            context.output.result(human: key.hex, json: .object([("pubkey", .string(key.hex))]))
        }
    }
}
