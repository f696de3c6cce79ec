// Test support: runs a script to completion off the cooperative thread pool, capturing its output (posix_spawn).

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs an executable and collects its exit status and output.
///
/// `posix_spawn` and `waitpid` rather than Foundation's `Process`: `Process.waitUntilExit()` was seen never to
/// return for scripts/test-mint/start (its background mint outlives it), leaving the script a zombie.
package enum ScriptRunner {
    /// What a finished run left behind.
    package struct Outcome: Sendable {
        package var status: Int32
        package var standardOutput: String
        package var standardError: String

        /// The `KEY=VALUE` lines of standard output (what the start scripts print for `eval`).
        package var assignments: [String: String] {
            var values: [String: String] = [:]
            for line in standardOutput.split(separator: "\n") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                values[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
            return values
        }
    }

    /// The executable could not be started.
    package struct SpawnFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs `path` with `arguments` and exactly `environment`, on a thread of its own, and waits for it to exit.
    ///
    /// Output goes to temporary files rather than pipes, and every descriptor above stderr is closed in the child,
    /// so a background process the script leaves running holds none of the test process's pipes.
    package static func run(
        _ path: String,
        arguments: [String] = [],
        environment: [String: String]
    ) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runBlocking(path, arguments, environment) })
            }
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module does not import.
    private static let closeFromAction:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
            )
        }()

    /// Runs `path` and waits for it, on the calling thread.
    package static func runBlocking(
        _ path: String,
        _ arguments: [String],
        _ environment: [String: String]
    ) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pid = try spawn(path, arguments, environment, outputIn: scratch)
        guard let status = exitStatus(waitingFor: pid) else {
            throw SpawnFailure(description: "waitpid failed for \(path)")
        }
        return Outcome(
            status: status,
            standardOutput: (try? String(contentsOf: scratch.appendingPathComponent("stdout"), encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: scratch.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
        )
    }

    /// Starts `path` with `arguments` and exactly `environment`, its stdout and stderr going to `stdout` and `stderr`
    /// in `scratch` (an existing directory), its stdin from `standardInput` (a file in `scratch`) or `/dev/null`.
    /// - Returns: the child's process id; wait for it with ``exitStatus(waitingFor:)``.
    package static func spawn(
        _ path: String,
        _ arguments: [String],
        _ environment: [String: String],
        standardInput: String? = nil,
        outputIn scratch: URL
    ) throws -> pid_t {
        var inPath = "/dev/null"
        if let standardInput {
            inPath = scratch.appendingPathComponent("stdin").path
            guard FileManager.default.createFile(atPath: inPath, contents: Data(standardInput.utf8)) else {
                throw SpawnFailure(description: "cannot write the standard input of \(path)")
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, scratch.appendingPathComponent("stdout").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(
            &actions, 2, scratch.appendingPathComponent("stderr").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let closeFrom = closeFromAction { _ = closeFrom(&actions, 3) }

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        // The child starts with no blocked signals and default handlers: the spawning thread may block some (the
        // test runner's threads do), and a mint that inherited a blocked SIGTERM could only be stopped by SIGKILL.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw SpawnFailure(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// Waits for `pid` (blocking the calling thread) and returns its exit status, 128 + the signal when a signal
    /// ended it; `nil` when it cannot be waited for.
    package static func exitStatus(waitingFor pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
