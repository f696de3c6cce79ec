// CLI daemon: `systemctl --user`, when a user service manager is there to answer.

import Foundation

/// Runs `systemctl --user` commands and reports what they printed.
enum Systemctl {
    /// What one run left.
    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs `systemctl --user <arguments>`; `nil` when systemctl cannot be started at all.
    static func user(_ arguments: [String]) -> Outcome? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["systemctl", "--user"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Outcome(status: process.terminationStatus, output: output)
    }

    /// Whether a user service manager answers (not the case in containers, CI, or over plain `su`).
    static var isAvailable: Bool {
        guard let outcome = user(["is-system-running"]) else { return false }
        // "running" or "degraded" (status 1) both mean a manager answered; "offline" and bus errors do not.
        return !outcome.output.isEmpty && !outcome.output.contains("Failed to connect")
            && !outcome.output.contains("offline")
    }

    /// The named properties of `unit` (one `systemctl --user show` run); empty values are left out.
    static func properties(_ names: [String], of unit: String) -> [String: String] {
        guard let outcome = user(["show", unit] + names.flatMap { ["-p", $0] }), outcome.status == 0 else { return [:] }
        var values: [String: String] = [:]
        for line in outcome.output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let value = String(line[line.index(after: equals)...])
            if !value.isEmpty { values[String(line[..<equals])] = value }
        }
        return values
    }
}
