// Test support for the daemon tests: the built `cashu` binary and systemd-analyze in a private home.

import CashuTestSupport
import Foundation

enum DaemonTestSupport {
    /// The `cashu` binary built next to the test bundle.
    static var cashu: String { CLIProcess.executable }

    /// A fresh home directory (with `.config` and a 0700 runtime directory) for one test, removed by the caller.
    static func home() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-daemon-\(UUID().uuidString)")
        for sub in [".config", ".local/bin", ".local/share", "runtime"] {
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent(sub),
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        }
        return home
    }

    /// The environment of a user whose home is `home` (no systemd user manager is reachable there).
    static func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent(".local/share").path
        environment["XDG_RUNTIME_DIR"] = home.appendingPathComponent("runtime").path
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + home.appendingPathComponent("runtime/no-bus").path
        environment.removeValue(forKey: "CASHU_DIR")
        return environment
    }

    /// Runs `systemd-analyze --user verify` on `units` as the user whose home is `home`; its whole output (any
    /// warning counts as a failure: unknown keys only warn and exit 0).
    static func verify(_ units: [String], home: URL) async throws -> ScriptRunner.Outcome {
        try await ScriptRunner.run(
            "/usr/bin/systemd-analyze",
            arguments: ["--user", "verify", "--man=no"] + units,
            environment: environment(home: home)
        )
    }
}
