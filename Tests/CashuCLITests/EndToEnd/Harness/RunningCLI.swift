// Test support: a `cashu` process started in the background, to signal and wait for.

import CashuTestSupport
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
                let exit = ScriptRunner.exitStatus(waitingFor: pid) ?? -1
                let out = (try? String(contentsOf: scratch.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
                let err = (try? String(contentsOf: scratch.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(at: scratch)
                continuation.resume(returning: CLIOutcome(status: exit, stdout: out, stderr: err))
            }
        }
    }
}
