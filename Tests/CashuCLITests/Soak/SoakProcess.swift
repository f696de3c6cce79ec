// Soak (issue 17): one `cashu` run that the soak may SIGKILL at a chosen moment. Only the thread that started it
// reaps it, and it signals only a child it has not reaped yet, so the pid signalled is always that `cashu`.

import CashuTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the `cashu` binary, killing it after `killAfter` (a power cut) or `watchdog` (a hang).
enum SoakProcess {
    /// What one run left.
    struct Ending: Sendable {
        var outcome: CLIOutcome
        /// It died of SIGKILL (the soak's timer, the watchdog, or its own `CASHU_TEST_KILL_AT` hook).
        var killed: Bool
        /// The watchdog killed it: it ran longer than any command should.
        var hung: Bool
        var elapsed: Duration
    }

    static func run(
        _ arguments: [String],
        stdin: String? = nil,
        environment: [String: String],
        killAfter: Duration? = nil,
        watchdog: Duration = .seconds(240)
    ) async -> Ending {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-soak-\(UUID().uuidString)")
        let started = ContinuousClock.now
        let pid: pid_t
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            pid = try ScriptRunner.spawn(
                CLIProcess.executable, arguments, CLIProcess.environment(environment), standardInput: stdin,
                outputIn: scratch)
        } catch {
            try? FileManager.default.removeItem(at: scratch)
            let outcome = CLIOutcome(status: -1, stdout: "", stderr: "spawn failed: \(error)")
            return Ending(outcome: outcome, killed: false, hung: false, elapsed: .zero)
        }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let (status, hung) = reap(pid, started: started, killAfter: killAfter, watchdog: watchdog)
                let out = (try? String(contentsOf: scratch.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
                let err = (try? String(contentsOf: scratch.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(at: scratch)
                let outcome = CLIOutcome(status: status, stdout: out, stderr: err)
                continuation.resume(
                    returning: Ending(
                        outcome: outcome, killed: status == 128 + SIGKILL, hung: hung,
                        elapsed: started.duration(to: .now)))
            }
        }
    }

    /// Polls the child until it ends, signalling it (still unreaped, so still ours) when a deadline passes.
    private static func reap(
        _ pid: pid_t, started: ContinuousClock.Instant, killAfter: Duration?, watchdog: Duration
    ) -> (status: Int32, hung: Bool) {
        var status: Int32 = 0
        var signalled = false
        var hung = false
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { return (-1, hung) }
            let elapsed = started.duration(to: .now)
            if !signalled, let killAfter, elapsed >= killAfter {
                kill(pid, SIGKILL)
                signalled = true
            } else if !signalled, elapsed >= watchdog {
                kill(pid, SIGKILL)
                signalled = true
                hung = true
            }
            usleep(10_000)
        }
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
        return (status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), hung)
    }
}
