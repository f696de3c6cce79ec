// CLI: `cashu nostr relays` — list, add or remove the wallet's own Nostr relays.

import ArgumentParser

struct NostrRelaysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relays",
        abstract: "List the relays in use; add or remove the wallet's own.",
        subcommands: [NostrRelaysListCommand.self, NostrRelaysAddCommand.self, NostrRelaysRemoveCommand.self],
        defaultSubcommand: NostrRelaysListCommand.self
    )
}
