// The `cashu` command line: the root command (configuration only; one file per subcommand).

import ArgumentParser

@main
struct CashuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cashu",
        abstract: "A Cashu ecash wallet.",
        subcommands: [DaemonCommand.self]
    )
}
