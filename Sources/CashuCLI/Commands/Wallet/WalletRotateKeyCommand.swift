// CLI: `cashu wallet rotate-key` — seal every record of the wallet under a new data key (encryption at rest).

import ArgumentParser
import CoreCashu

struct WalletRotateKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key",
        abstract: "Re-encrypt the wallet's ecash at rest under a new data key.",
        discussion:
            "The wallet's proofs, journal, queue, tokens and quote ids are kept encrypted with a key derived from "
            + "the recovery phrase. This moves every record to the next key, in one transaction, and nothing else "
            + "changes. Other processes already running on the wallet keep writing with the key they opened with "
            + "until they restart; what they write stays readable."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let rotated = try await context.wallet.rotateDataKey()
            context.output.result(
                human: "Re-encrypted \(rotated.records) record(s) under data key \(rotated.generation).",
                json: .object([
                    ("generation", .number(UInt64(rotated.generation))), ("records", .number(UInt64(rotated.records))),
                ])
            )
        }
    }
}
