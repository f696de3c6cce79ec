// CLI: `cashu daemon` — install, remove and inspect the systemd user timer that runs `cashu refresh`.

import ArgumentParser

struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run the wallet as a service, or install, remove or inspect the background refresh.",
        discussion: """
            The timer runs `cashu refresh` every 15 minutes (with jitter, and at the next start after a missed \
            run): it resumes unfinished operations, mints paid quotes, settles pending melts, checks sent tokens \
            and moves proofs off retiring keysets.
            """,
        subcommands: [
            DaemonRunCommand.self, DaemonInstallCommand.self, DaemonUninstallCommand.self, DaemonStatusCommand.self,
            DaemonUnitsCommand.self, DaemonAPITokenCommand.self, DaemonOpenCommand.self,
        ]
    )
}
