// CLI daemon: the unit files of one user's installation, written and removed atomically.

import Foundation

/// The unit files under the user's systemd directory: the service, and the refresh service with its timer.
struct DaemonInstallation {
    var unitDirectory: String

    var servicePath: String { unitDirectory + "/" + SystemdUnits.serviceName }
    var timerPath: String { unitDirectory + "/" + SystemdUnits.timerName }
    var daemonPath: String { unitDirectory + "/" + SystemdUnits.daemonName }

    /// Whether `cashu.service` is installed.
    var isDaemonInstalled: Bool { FileManager.default.fileExists(atPath: daemonPath) }

    var isInstalled: Bool {
        FileManager.default.fileExists(atPath: servicePath) && FileManager.default.fileExists(atPath: timerPath)
    }

    /// Writes the units (each through a temporary file renamed into place).
    func write(_ units: SystemdUnits) throws {
        try FileManager.default.createDirectory(atPath: unitDirectory, withIntermediateDirectories: true)
        try Data(units.service.utf8).write(to: URL(fileURLWithPath: servicePath), options: .atomic)
        try Data(units.timer.utf8).write(to: URL(fileURLWithPath: timerPath), options: .atomic)
        try Data(units.daemon.utf8).write(to: URL(fileURLWithPath: daemonPath), options: .atomic)
    }

    /// Removes the units; returns whether anything was there.
    func remove() throws -> Bool {
        var removed = false
        for path in [daemonPath, timerPath, servicePath] where FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
            removed = true
        }
        return removed
    }

    /// The `ExecStart=` line of the installed service, if any.
    var installedExecStart: String? {
        guard let text = try? String(contentsOfFile: servicePath, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") }
            .map { String($0.dropFirst("ExecStart=".count)) }
    }

    /// The running binary's real path, for `ExecStart=`.
    static func currentExecutable() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }
}
