// CLI: `cashu wallet init` — create a wallet (a fresh BIP-39 mnemonic in the secure store); prints nothing secret.

import ArgumentParser
import CoreCashu

struct WalletInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new wallet in --dir (fails if one is there).",
        discussion:
            "Prints nothing secret; `cashu wallet backup` shows the recovery phrase when you are ready to write "
            + "it down."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global, .createNew) { context in
            let path = context.directory.url.path
            context.output.result(
                human: """
                    Created a new wallet in \(path).
                    Write down its recovery phrase next: cashu wallet backup
                    """,
                json: .object([
                    ("created", true), ("dir", .string(path)),
                    ("secureStore", .string(context.linux.secrets.kind.description)),
                ])
            )
        }
    }
}
