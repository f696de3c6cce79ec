// Test support: makes sure no test mint outlives the test process (atexit handler plus a detached watchdog).

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the list of running test mints and stops the survivors when the test process ends.
///
/// Two mechanisms, because either alone can fail: this `atexit` handler stops every registered mint as soon as the
/// test runner exits normally; and scripts/test-mint/start, given `MINT_STOP_WITH_PID`, leaves a watchdog that runs
/// scripts/test-mint/stop within a second of the test process dying any other way (a crash, a SIGKILL), even while
/// the mint is still starting.
package enum TestMintReaper {
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var running: [Int32: String] = [:]
        var installed = false
    }

    private static let registry = Registry()

    /// Records a started mint and installs the exit handler once.
    package static func register(pid: Int32, directory: String) {
        let install = registry.lock.withLock { () -> Bool in
            registry.running[pid] = directory
            defer { registry.installed = true }
            return !registry.installed
        }
        if install { atexit { TestMintReaper.stopAllNow() } }
    }

    /// Whether `pid` is a registered mint not yet stopped.
    package static func isRegistered(pid: Int32) -> Bool {
        registry.lock.withLock { registry.running[pid] != nil }
    }

    /// Forgets a mint that was stopped normally.
    /// - Returns: `false` when it was already stopped.
    package static func unregister(pid: Int32) -> Bool {
        registry.lock.withLock { registry.running.removeValue(forKey: pid) != nil }
    }

    /// Stops every registered mint synchronously: SIGTERM to each mint's process group, up to 5 s to exit, then
    /// SIGKILL; then removes their directories (and databases). Runs inside `atexit`, so it spawns nothing.
    package static func stopAllNow() {
        let mints = registry.lock.withLock { () -> [Int32: String] in
            defer { registry.running = [:] }
            return registry.running
        }
        guard !mints.isEmpty else { return }
        for pid in mints.keys where kill(-pid, SIGTERM) != 0 { kill(pid, SIGTERM) }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, mints.keys.contains(where: isAlive) { usleep(50_000) }
        for pid in mints.keys where isAlive(pid) {
            if kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
        }
        for directory in mints.values where directory.contains("/cashu-test-mint.") {
            // The database scripts/test-mint/start put in /dev/shm, through the link it left.
            if let database = try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/database"),
                database.hasPrefix("/dev/shm/cashu-test-mint.")
            {
                try? FileManager.default.removeItem(atPath: database)
            }
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// Whether `pid` runs: it exists and is not a zombie waiting for its new parent to reap it.
    package static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
