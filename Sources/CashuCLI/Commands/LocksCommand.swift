// CLI: `cashu locks [--new]` — the wallet's own receiving keys (NUT-11), derived from its seed: tokens locked to any of
// them (blinded or not, NUT-28) are claimed by `cashu receive`, and a wallet restored from the phrase finds them again.

import ArgumentParser
import CoreCashu

struct LocksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locks",
        abstract: "List the wallet's receiving keys (what tokens can be locked to).",
        discussion: """
            Every key the wallet handed out, oldest first; the one `cashu wallet pubkey` shows is marked. --new \
            derives a fresh one (a different key per payer keeps payers from linking their payments). Give a key \
            to a payer for `cashu send --lock KEY` (add --p2bk to blind it from the mint).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Derive and print a fresh receiving key.")
    var new = false

    func run() async throws {
        let new = new
        try await WalletContext.run(global) { context in
            let fresh = new ? try await context.wallet.newReceivingKey() : nil
            let keys = try await context.wallet.receivingKeys()
            let shown = try await context.wallet.publishedReceivingKey()?.hex
            var lines = keys.map { key in key.hex + (key.hex == shown ? "  (cashu wallet pubkey)" : "") }
            if let fresh { lines = [fresh.hex] }
            if lines.isEmpty {
                lines = ["No receiving key yet: `cashu locks --new` or `cashu wallet pubkey` makes one."]
            }
            context.output.result(
                human: lines.joined(separator: "\n"),
                json: .object([
                    ("keys", .array(keys.map { .string($0.hex) })), ("new", .optional(fresh?.hex)),
                    ("pubkey", .optional(shown)),
                ])
            )
        }
    }
}
