// CLI: `cashu nwc` — NIP-47 Nostr Wallet Connect: connections that let an app pay from the wallet within a budget.

import ArgumentParser

struct NWCCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nwc",
        abstract: "Nostr Wallet Connect (NIP-47): let apps pay from the wallet, each within its own budget.",
        discussion: """
            `cashu nwc add` prints a connection string (nostr+walletconnect://…) for one app, once: each \
            connection has its own keys, permissions, budget and mint. Requests are served by the wallet \
            service (`cashu daemon run`) when it runs, else by `cashu nwc serve`. A payment whose outcome is not \
            known yet keeps its budget reserved and is never reported failed; `cashu nwc revoke ID` stops a \
            connection at once.
            """,
        subcommands: [NWCListCommand.self, NWCAddCommand.self, NWCRevokeCommand.self, NWCServeCommand.self],
        defaultSubcommand: NWCListCommand.self
    )
}
