// CLI: `cashu daemon units` — prints the unit files `install` would write, to review or to package.

import ArgumentParser

struct DaemonUnitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Print the service and timer that `cashu daemon install` would write."
    )

    @OptionGroup var options: DaemonOptions

    @Option(help: "The cashu binary the service runs (default: this one).")
    var executable: String?

    @Flag(help: "Print the generic units shipped in dist/systemd (binary in ~/.local/bin, default wallet directory).")
    var shipped = false

    func run() async throws {
        let units: SystemdUnits
        if shipped {
            units = .shipped
        } else {
            guard let binary = executable ?? DaemonInstallation.currentExecutable() else {
                throw ValidationError("cannot tell where the cashu binary is; pass --executable /path/to/cashu")
            }
            units = SystemdUnits(
                executable: SystemdUnits.escaped(binary),
                walletDirectory: SystemdUnits.escaped(try options.walletDirectory),
                exportsWalletDirectory: true
            )
        }
        if options.json {
            DaemonOutput.printJSON([SystemdUnits.serviceName: units.service, SystemdUnits.timerName: units.timer])
        } else {
            print("# \(SystemdUnits.serviceName)")
            print(units.service)
            print("# \(SystemdUnits.timerName)")
            print(units.timer, terminator: "")
        }
    }
}
