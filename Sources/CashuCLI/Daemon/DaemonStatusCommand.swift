// CLI: `cashu daemon status` — whether the refresh timer is installed and enabled, and when it ran.

import ArgumentParser

struct DaemonStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the refresh timer is installed and enabled, and its last and next run."
    )

    @OptionGroup var options: DaemonOptions

    func run() async throws {
        let installation = DaemonInstallation(unitDirectory: SystemdUserDirectory.path())
        let manager = Systemctl.isAvailable
        func property(_ name: String, _ unit: String) -> String? {
            manager ? Systemctl.property(name, of: unit) : nil
        }
        let enabled = property("UnitFileState", SystemdUnits.timerName)
        let active = property("ActiveState", SystemdUnits.timerName)
        let lastTrigger = property("LastTriggerUSec", SystemdUnits.timerName)
        let nextRun = property("NextElapseUSecRealtime", SystemdUnits.timerName)
        let lastResult = property("Result", SystemdUnits.serviceName)
        if options.json {
            DaemonOutput.printJSON([
                "installed": installation.isInstalled, "unitDirectory": installation.unitDirectory,
                "execStart": installation.installedExecStart as Any, "systemd": manager ? "user" : "unavailable",
                "enabled": enabled as Any, "active": active as Any, "lastRun": lastTrigger as Any,
                "nextRun": nextRun as Any, "lastResult": lastResult as Any,
            ])
            return
        }
        guard installation.isInstalled else {
            print("The refresh timer is not installed (cashu daemon install).")
            return
        }
        print("Installed in \(installation.unitDirectory)")
        if let exec = installation.installedExecStart { print("Runs:        \(exec)") }
        guard manager else {
            print("systemd:     no user manager answered; cannot tell whether the timer is enabled")
            return
        }
        print("Timer:       \(enabled ?? "unknown"), \(active ?? "unknown")")
        print("Last run:    \(lastTrigger ?? "never")\(lastResult.map { " (\($0))" } ?? "")")
        print("Next run:    \(nextRun ?? "not scheduled")")
    }
}
