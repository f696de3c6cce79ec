// Test support: starting a server process that a shell watchdog SIGKILLs once the test process is gone (SIGTERM can
// be blocked in processes spawned from test threads), for TestRedis, TestNginx and TestSOCKSProxy.

import Foundation

package enum WatchedServer {
    /// Runs `command` in the background under a watchdog and returns its pid (`nil` when it printed none).
    /// - Parameters:
    ///   - command: the shell command that starts the server (it must stay in the foreground of its subshell).
    ///   - cleanup: shell run after the server is killed (e.g. to kill its worker processes).
    package static func start(_ command: String, cleanup: String = "") async throws -> Int32? {
        let watchdog = """
            \(command) >/dev/null 2>&1 &
            r=$!; echo "$r"
            while kill -0 \(getpid()) 2>/dev/null && kill -0 "$r" 2>/dev/null; do sleep 0.5; done
            kill -9 "$r" 2>/dev/null; \(cleanup)
            """
        let process = Process()
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", watchdog]
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = try await Task.detached { () -> String in
            var bytes: [UInt8] = []
            while let byte = try out.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { bytes.append(byte) }
            return String(decoding: bytes, as: UTF8.self)
        }.value
        return Int32(line)
    }
}
