// CLI: `cashu daemon status` — whether the refresh timer is installed and enabled, and when it ran.

import ArgumentParser
import LinuxCashu

struct DaemonStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the refresh timer is installed and enabled, and its last and next run."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let installation = DaemonInstallation(unitDirectory: SystemdUserDirectory.path())
        let manager = Systemctl.isAvailable
        let timer =
            manager
            ? Systemctl.properties(
                ["UnitFileState", "ActiveState", "LastTriggerUSec", "NextElapseUSecRealtime"],
                of: SystemdUnits.timerName)
            : [:]
        let service = manager ? Systemctl.properties(["Result"], of: SystemdUnits.serviceName) : [:]
        let daemon =
            manager ? Systemctl.properties(["UnitFileState", "ActiveState"], of: SystemdUnits.daemonName) : [:]
        let directory = try global.walletDirectory().url
        let serviceRunning = ServicePresence.isRunning(in: directory)
        let enabled = timer["UnitFileState"]
        let active = timer["ActiveState"]
        let lastTrigger = timer["LastTriggerUSec"]
        let nextRun = timer["NextElapseUSecRealtime"]
        let lastResult = service["Result"]
        var lines: [String] = []
        if !installation.isInstalled {
            lines.append("The refresh timer is not installed (cashu daemon install).")
        } else {
            lines.append("Installed in \(installation.unitDirectory)")
            if let exec = installation.installedExecStart { lines.append("Runs:        \(exec)") }
            if installation.isDaemonInstalled {
                let enabled = daemon["UnitFileState"] ?? "unknown"
                let state = manager ? "\(enabled), \(daemon["ActiveState"] ?? "unknown")" : "installed"
                lines.append("Service:     \(state)")
            } else {
                lines.append("Service:     not installed (cashu daemon install)")
            }
            if manager {
                lines.append("Timer:       \(enabled ?? "unknown"), \(active ?? "unknown")")
                lines.append("Last run:    \(lastTrigger ?? "never")\(lastResult.map { " (\($0))" } ?? "")")
                lines.append("Next run:    \(nextRun ?? "not scheduled")")
            } else {
                lines.append("systemd:     no user manager answered; cannot tell whether the timer is enabled")
            }
        }
        lines.append(
            serviceRunning
                ? "Running:     a wallet service (cashu daemon run) is running on \(directory.path)"
                : "Running:     no wallet service on \(directory.path); the timer refreshes it")
        Output(json: global.json).result(
            human: lines.joined(separator: "\n"),
            json: .object([
                ("installed", .bool(installation.isInstalled)), ("unitDirectory", .string(installation.unitDirectory)),
                ("execStart", .optional(installation.installedExecStart)),
                ("systemd", .string(manager ? "user" : "unavailable")), ("enabled", .optional(enabled)),
                ("active", .optional(active)), ("lastRun", .optional(lastTrigger)), ("nextRun", .optional(nextRun)),
                ("lastResult", .optional(lastResult)), ("daemonInstalled", .bool(installation.isDaemonInstalled)),
                ("daemonEnabled", .optional(daemon["UnitFileState"])),
                ("daemonActive", .optional(daemon["ActiveState"])),
                ("serviceRunning", .bool(serviceRunning)),
            ])
        )
    }
}
