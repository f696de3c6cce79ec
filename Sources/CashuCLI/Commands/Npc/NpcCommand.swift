// CLI: `cashu npc` — the wallet's Lightning address at an npub.cash-style service (npub.cash v2): show it, claim what
// was paid to it, choose the mint the service uses.

import ArgumentParser

struct NpcCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "npc",
        abstract: "Receive by Lightning address through an npub.cash-style service.",
        discussion: """
            The address is npub1...@host: the wallet's Nostr key (NIP-06, from the recovery phrase, as CDK and \
            Nutshell derive it) at the service. A payer's invoice is a mint quote the service asks the mint for, \
            locked (NUT-20) to that key; `cashu npc claim` lists the paid quotes (NIP-98 authentication) and \
            mints them, each once, even when interrupted. The service URL given with --service is remembered; \
            `cashu daemon run` claims on its own while one is set.
            """,
        subcommands: [NpcAddressCommand.self, NpcClaimCommand.self, NpcSetMintCommand.self],
        defaultSubcommand: NpcAddressCommand.self
    )
}
