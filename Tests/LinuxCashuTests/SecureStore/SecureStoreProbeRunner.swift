// Test support: runs the SecureStoreProbe tool (Tests/SecureStoreProbe) in another D-Bus session.

import CashuTestSupport
import Foundation

enum SecureStoreProbeRunner {
    /// The probe binary, built next to the test bundle.
    static var executable: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("SecureStoreProbe")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside.path }
        return TestMint.repositoryRoot.appendingPathComponent(".build/debug/SecureStoreProbe").path
    }

    /// A fresh private directory for one run (runtime dir, data dir, wallet directories).
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cashu-probe-\(UUID().uuidString)"
        )
        for sub in ["runtime", "data"] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(sub),
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        }
        return directory
    }

    /// A minimal environment in `scratch`: no D-Bus session and no display unless added.
    static func environment(_ scratch: URL, _ extra: [String: String] = [:]) -> [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": scratch.path,
            "XDG_RUNTIME_DIR": scratch.appendingPathComponent("runtime").path,
            "XDG_DATA_HOME": scratch.appendingPathComponent("data").path,
        ].merging(extra) { _, new in new }
    }

    /// Runs a shell script (with `$PROBE` set to the probe) and returns its output lines.
    static func shell(_ script: String, environment: [String: String]) async throws -> [String] {
        var environment = environment
        environment["PROBE"] = executable
        let outcome = try await ScriptRunner.run("/bin/bash", arguments: ["-c", script], environment: environment)
        return outcome.standardOutput.split(separator: "\n").map(String.init)
    }
}
