// The `cashu` command line: the root command (configuration only; one file per subcommand, the entry point in
// CashuCommand+Main.swift).

import ArgumentParser

@main
struct CashuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cashu",
        abstract: "A Cashu ecash wallet.",
        discussion: """
            Every command takes --dir (env CASHU_DIR), --wallet (env CASHU_WALLET), --mint (env CASHU_MINT_URL), \
            --unit, --json and --verbose. \
            With --json a command prints exactly one JSON object on stdout. Exit codes: docs/cli.md.
            """,
        version: CLIVersion.current,
        subcommands: [
            WalletCommand.self, InfoCommand.self, MintsCommand.self, BalanceCommand.self, MintCommand.self,
            SendCommand.self, ReceiveCommand.self, PayCommand.self, TransferCommand.self, RequestCommand.self,
            FetchCommand.self, LocksCommand.self, PendingCommand.self, HistoryCommand.self, DecodeCommand.self,
            RestoreCommand.self, RecoverCommand.self, RefreshCommand.self, AuthCommand.self, UnlockCommand.self,
            LockCommand.self, DaemonCommand.self, NostrCommand.self, NWCCommand.self, NpcCommand.self,
            ProofsCommand.self, BurnCommand.self, WalletsCommand.self,
        ]
    )
}
