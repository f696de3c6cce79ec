// CLI: `cashu daemon install` — writes the wallet service and the refresh units for this user and enables them.

import ArgumentParser
import CashuAPI
import Foundation

struct DaemonInstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Write cashu.service and the refresh timer to ~/.config/systemd/user and enable both.",
        discussion: """
            cashu.service runs `cashu daemon run`; the timer runs `cashu refresh` every 15 minutes whenever the \
            service does not (stopped, failed, or not enabled).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "The cashu binary the service runs (default: this one).")
    var executable: String?

    @Flag(help: "Only write the unit files; do not run systemctl.")
    var noEnable = false

    @Flag(help: "The service serves the local API and the web wallet on its Unix socket (`daemon run --api`).")
    var api = false

    @Option(
        help: ArgumentHelp("…and on loopback TCP (`daemon run --api-listen`): 127.0.0.1:PORT.", valueName: "address"))
    var apiListen: String?

    func run() async throws {
        // A named wallet's units name the directory holding it and the name (CASHU_DIR, CASHU_WALLET).
        _ = try global.walletDirectory()
        let directory = try global.baseDirectory().url.path
        guard var units = SystemdUnits.installed(
            executable: executable, walletDirectory: directory, walletName: global.walletName()) else {
            throw ValidationError(
                "cannot tell where the cashu binary is (pass --executable /path/to/cashu), or a path holds a control "
                    + "character")
        }
        if let apiListen {
            guard APIServer.isLoopbackAddress(apiListen) else {
                throw CLIError(.usage, "--api-listen takes 127.0.0.1:PORT, [::1]:PORT or localhost:PORT", code: "usage")
            }
        }
        units.api = api || apiListen != nil
        units.apiListen = apiListen
        // The timer's refresh must go through the same proxy as the commands (--proxy, --tor or CASHU_PROXY).
        if let proxy = try ProxyChoice.resolve(global) {
            guard !proxy.hasCredentials else {
                throw CLIError(
                    .config,
                    "the proxy has a password: put CASHU_PROXY in ~/.config/cashu/refresh.env (mode 0600) and install "
                        + "without --proxy",
                    code: "config")
            }
            units.proxy = proxy.description
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw CLIError(.storage, "cannot create the wallet directory \(directory)", code: "storage")
        }
        let installation = DaemonInstallation(unitDirectory: SystemdUserDirectory.path())
        do { try installation.write(units) } catch {
            throw CLIError(.storage, "cannot write the units in \(installation.unitDirectory)", code: "storage")
        }

        var enabled = false
        var note: String?
        if noEnable {
            note = "not enabled (--no-enable)"
        } else if Systemctl.isAvailable {
            _ = Systemctl.user(["daemon-reload"])
            let outcome = Systemctl.user(["enable", "--now", SystemdUnits.timerName, SystemdUnits.daemonName])
            enabled = outcome?.status == 0
            if !enabled { note = "systemctl could not enable the units: \(outcome?.output ?? "no answer")" }
        } else {
            note = "no systemd user manager answered; in your login session run: systemctl --user daemon-reload "
                + "&& systemctl --user enable --now \(SystemdUnits.timerName) \(SystemdUnits.daemonName)"
        }
        Output(json: global.json).result(
            human: [
                "Wrote \(installation.daemonPath)", "Wrote \(installation.servicePath)",
                "Wrote \(installation.timerPath)",
                enabled
                    ? "Enabled \(SystemdUnits.daemonName), and \(SystemdUnits.timerName) for when it does not run."
                    : "Note: \(note ?? "")",
            ].joined(separator: "\n"),
            json: .object([
                ("daemon", .string(installation.daemonPath)), ("service", .string(installation.servicePath)),
                ("timer", .string(installation.timerPath)),
                ("enabled", .bool(enabled)), ("note", .optional(note)),
            ])
        )
    }
}
