// CLI: `cashu nostr relays list` — the relays in use and where the list comes from.

import ArgumentParser
import LinuxCashu

struct NostrRelaysListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the relays in use and where the list comes from.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let choice: NostrRelayChoice
            do { choice = try await context.linux.nostrRelays() } catch {
                throw CLIError(.storage, "cannot read the wallet store", code: "storage")
            }
            let origin: String
            let source: String
            switch choice.source {
            case .environment: (origin, source) = ("from CASHU_NOSTR_RELAYS", "environment")
            case .wallet: (origin, source) = ("the wallet's own", "wallet")
            case .defaults:
                (origin, source) = ("public defaults (add your own with `cashu nostr relays add URL`)", "defaults")
            }
            let human =
                choice.relays.isEmpty
                ? "No Nostr relay is used (CASHU_NOSTR_RELAYS=none)."
                : "Relays (\(origin)):\n" + choice.relays.map { "  \($0)" }.joined(separator: "\n")
            context.output.result(
                human: human,
                json: .object([
                    ("relays", .array(choice.relays.map { .string($0.string) })),
                    ("source", .string(source)),
                ])
            )
        }
    }
}
