// CLI: `cashu daemon uninstall` — stops the timer and removes the refresh units.

import ArgumentParser

struct DaemonUninstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Disable the refresh timer and remove its unit files (the wallet is not touched)."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let installation = DaemonInstallation(unitDirectory: SystemdUserDirectory.path())
        let manager = Systemctl.isAvailable
        if manager { _ = Systemctl.user(["disable", "--now", SystemdUnits.timerName, SystemdUnits.daemonName]) }
        let removed: Bool
        do { removed = try installation.remove() } catch {
            throw CLIError(.storage, "cannot remove the units in \(installation.unitDirectory)", code: "storage")
        }
        if manager { _ = Systemctl.user(["daemon-reload"]) }
        Output(json: global.json).result(
            human: removed ? "Removed the wallet service and the refresh timer." : "The units were not installed.",
            json: .object([("removed", .bool(removed)), ("unitDirectory", .string(installation.unitDirectory))])
        )
    }
}
