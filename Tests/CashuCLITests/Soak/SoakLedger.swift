// Soak (issue 17): what the soak did — commands per kind and how they ended, kills, disk-full windows, tokens in
// flight — and the command log written as it goes.

import Foundation

/// The soak's shared record, written by the workers and the fault injector.
actor SoakLedger {
    private(set) var tallies: [SoakOperationKind: SoakTally] = [:]
    private(set) var tokens: [SoakToken] = []
    private(set) var timedKills = 0
    private(set) var stepKills = 0
    private(set) var hung = 0
    private(set) var diskFullWindows = 0
    private(set) var diskFullTime: Duration = .zero
    /// Disk-full windows in which the soak's own PostgreSQL was made to write WAL (issue 30).
    private(set) var walGrowthWindows = 0
    /// Commands that failed in a way no fault explains (exit 70 internal, 76 protocol, a crash, a spawn failure).
    private(set) var surprises: [String] = []
    private let started = ContinuousClock.now
    private let log: FileHandle?

    init(logFile: URL) {
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        log = try? FileHandle(forWritingTo: logFile)
    }

    /// Records one command's ending under `kind` and logs it.
    func record(_ kind: SoakOperationKind, _ label: String, kill: SoakKill, _ ending: SoakProcess.Ending) {
        var tally = tallies[kind] ?? SoakTally()
        let status = ending.outcome.status
        tally.exits[status, default: 0] += 1
        if ending.killed {
            tally.killed += 1
            switch kill {
            case .none: break
            case .after: timedKills += 1
            case .atStep: stepKills += 1
            }
        } else if status == 0 {
            tally.ok += 1
        } else {
            tally.failed += 1
        }
        tallies[kind] = tally
        if ending.hung { hung += 1 }
        let reason = ending.outcome.stderrLines.last { $0.contains("error") } ?? ""
        if !ending.killed && ([-1, 70, 76].contains(status) || status >= 128) {
            surprises.append("\(label): exit \(status) \(reason)")
        }
        let line = "\(note(label + kill.description)) → exit \(status)\(ending.hung ? " HUNG" : "") "
            + "(\(ending.elapsed.secondsText) s)\(status == 0 || ending.killed ? "" : " \(reason)")"
        write(line)
    }

    /// Adds a token to the in-flight list.
    func add(token: String, origin: String, operation: String?, amount: UInt64) {
        tokens.append(SoakToken(id: tokens.count, token: token, origin: origin, operation: operation, amount: amount))
    }

    /// Counts a successful receive or reclaim of token `id`.
    func claimed(_ id: Int) { tokens[id].claims += 1 }

    /// Records a disk-full window; `walGrown`: the soak's own PostgreSQL was made to write WAL in it.
    func diskFull(for duration: Duration, walGrown: Bool = false) {
        diskFullWindows += 1
        diskFullTime += duration
        if walGrown { walGrowthWindows += 1 }
        write(note("disk full for \(duration.secondsText) s\(walGrown ? " (WAL grown in it)" : "")"))
    }

    /// Writes a line to the command log, stamped with the time since the start.
    func write(_ line: String) {
        log?.write(Data((line.hasPrefix("+") ? line : note(line)).appending("\n").utf8))
    }

    private func note(_ text: String) -> String {
        "+\(started.duration(to: .now).secondsText) s \(text)"
    }
}
