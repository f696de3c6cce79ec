// Test support: runs the built `cashu` binary as a child process (posix_spawn) with stdin, capturing its output;
// or starts it in the background to signal it.

import CashuTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the `cashu` binary built next to the test bundle.
enum CLIProcess {
    /// The binary: beside the test bundle (`.build/<triple>/debug/cashu`), else `.build/debug/cashu`.
    static var executable: String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cashu"),
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("cashu"),
            TestMint.repositoryRoot.appendingPathComponent(".build/debug/cashu"),
        ]
        return (candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]).path
    }

    /// A clean environment: no CASHU_* (but `CASHU_NOSTR_RELAYS=none`), XDG or HOME of the developer's, 80 columns
    /// for help text; the test run's private D-Bus session (scripts/with-keyring), so wallets keep their secrets in
    /// its real Secret Service.
    static func environment(_ extra: [String: String]) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment: [String: String] = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin", "COLUMNS": "80", "LANG": "C.UTF-8",
            "HOME": FileManager.default.temporaryDirectory.appendingPathComponent("cashu-cli-home").path,
            // No public Nostr relay from a test: those that use Nostr name the test relay.
            "CASHU_NOSTR_RELAYS": "none",
        ]
        for name in ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] { environment[name] = inherited[name] }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `cashu arguments…` to completion.
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], namespace: String? = nil
    ) async throws -> CLIOutcome {
        let running = try start(arguments, stdin: stdin, environment: environment, namespace: namespace)
        return await running.wait()
    }

    /// Starts `cashu arguments…` in the background; inside the network namespace `namespace` when given
    /// (`ip netns exec`, which execs `cashu` in its place: the pid is still cashu's).
    static func start(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], namespace: String? = nil
    ) throws -> RunningCLI {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let pid: pid_t
        do {
            var program = executable
            var arguments = arguments
            if let namespace {
                guard let ip = NetworkNamespace.ipPath else { throw CLISpawnFailure(description: "no iproute2 ip") }
                arguments = ["netns", "exec", namespace, program] + arguments
                program = ip
            }
            pid = try ScriptRunner.spawn(
                program, arguments, self.environment(environment), standardInput: stdin, outputIn: scratch)
        } catch {
            throw CLISpawnFailure(description: "\(error)")
        }
        return RunningCLI(pid: pid, scratch: scratch)
    }
}
