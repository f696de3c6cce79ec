// Test support: a `cashu` process started in the background, to signal and wait for.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A `cashu` process running in the background.
struct RunningCLI: Sendable {
    let pid: pid_t
    let scratch: URL

    var stderrSoFar: String {
        (try? String(contentsOf: scratch.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    func signal(_ number: Int32) { kill(pid, number) }

    /// Waits for the process (off the cooperative pool) and collects its output.
    func wait() async -> CLIOutcome {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                let out = (try? String(contentsOf: scratch.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
                let err = (try? String(contentsOf: scratch.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(at: scratch)
                continuation.resume(returning: CLIOutcome(status: exit, stdout: out, stderr: err))
            }
        }
    }
}
