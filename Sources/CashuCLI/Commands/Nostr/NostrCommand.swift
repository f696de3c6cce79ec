// CLI: `cashu nostr` — the wallet's Nostr relays and its mint list backup on them (NUT-27).

import ArgumentParser

struct NostrCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nostr",
        abstract: "The Nostr relays the wallet uses, and its mint list backup on them (NUT-27).",
        discussion: """
            Relays come from CASHU_NOSTR_RELAYS (comma-separated ws:// or wss:// URLs, or `none`), else the \
            wallet's own list (`cashu nostr relays add`), else public defaults. The mint list is published, \
            encrypted to a key only the recovery phrase gives, whenever it changes; `cashu restore` on a new \
            directory finds the mints there.
            """,
        subcommands: [NostrRelaysCommand.self, NostrBackupCommand.self],
        defaultSubcommand: NostrRelaysCommand.self
    )
}
