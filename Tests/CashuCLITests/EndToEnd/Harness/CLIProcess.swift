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

    /// A clean environment: no CASHU_*, XDG or HOME of the developer's, 80 columns for help text; the test run's
    /// private D-Bus session (scripts/with-keyring), so wallets keep their secrets in its real Secret Service.
    static func environment(_ extra: [String: String]) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment: [String: String] = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin", "COLUMNS": "80", "LANG": "C.UTF-8",
            "HOME": FileManager.default.temporaryDirectory.appendingPathComponent("cashu-cli-home").path,
        ]
        for name in ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] { environment[name] = inherited[name] }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `cashu arguments…` to completion.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async throws
        -> CLIOutcome
    {
        let running = try start(arguments, stdin: stdin, environment: environment)
        return await running.wait()
    }

    /// Starts `cashu arguments…` in the background.
    static func start(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
        -> RunningCLI
    {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let inPath = scratch.appendingPathComponent("stdin").path
        _ = FileManager.default.createFile(atPath: inPath, contents: Data((stdin ?? "").utf8))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin == nil ? "/dev/null" : inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions,
            1,
            scratch.appendingPathComponent("stdout").path,
            O_WRONLY | O_CREAT | O_TRUNC,
            0o600
        )
        posix_spawn_file_actions_addopen(
            &actions,
            2,
            scratch.appendingPathComponent("stderr").path,
            O_WRONLY | O_CREAT | O_TRUNC,
            0o600
        )
        let path = executable
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = self.environment(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // The child starts with default signal handling and nothing blocked, whatever the test runner's thread has.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw CLISpawnFailure(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        return RunningCLI(pid: pid, scratch: scratch)
    }
}
