// CLI: `cashu daemon units` — prints the unit files `install` would write, to review or to package.

import ArgumentParser

struct DaemonUnitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Print the services and timer that `cashu daemon install` would write."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "The cashu binary the service runs (default: this one).")
    var executable: String?

    @Flag(help: "Print the generic units shipped in dist/systemd (binary in ~/.local/bin, default wallet directory).")
    var shipped = false

    func run() async throws {
        // A named wallet's units name the directory holding it and the name (CASHU_DIR, CASHU_WALLET).
        _ = try global.walletDirectory()
        let directory = try global.baseDirectory().url.path
        let chosen = shipped ? .shipped : SystemdUnits.installed(
            executable: executable, walletDirectory: directory, walletName: global.walletName())
        guard let units = chosen else {
            throw ValidationError(
                "cannot tell where the cashu binary is (pass --executable /path/to/cashu), or a path holds a control "
                    + "character")
        }
        Output(json: global.json).result(
            human: "# \(SystemdUnits.daemonName)\n\(units.daemon)\n# \(SystemdUnits.serviceName)\n\(units.service)\n"
                + "# \(SystemdUnits.timerName)\n\(units.timer)",
            json: .object([
                (SystemdUnits.daemonName, .string(units.daemon)), (SystemdUnits.serviceName, .string(units.service)),
                (SystemdUnits.timerName, .string(units.timer)),
            ])
        )
    }
}
