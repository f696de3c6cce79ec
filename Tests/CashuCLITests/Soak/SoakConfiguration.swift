// Soak (issue 17): how long, with which seed and on which store the fault soak runs, from CASHU_SOAK_MINUTES,
// CASHU_SOAK_SEED, and CASHU_SOAK_DATABASE_URL or CASHU_SOAK_POSTGRES (issue 30).

import CashuTestSupport
import Foundation

/// The soak's settings. The suite runs only when `CASHU_SOAK_MINUTES` is set (scripts/soak sets it).
struct SoakConfiguration: Sendable, CustomStringConvertible {
    /// How long the workers run operations; settling comes after.
    var duration: Duration
    /// Seeds every random choice (operations, amounts, kills, faults); concurrency still varies between runs.
    var seed: UInt64
    /// How many worker loops share the wallets (each runs one `cashu` process at a time).
    var workers: Int
    /// Where the report, the command log and (after a loss) copies of the wallets are written.
    var outputDirectory: URL
    /// The wallets keep their data in this PostgreSQL database (`CASHU_SOAK_DATABASE_URL`, `scripts/soak --database`),
    /// each in a fresh schema; `nil` with ``ownPostgres`` off: SQLite in each wallet directory.
    var databaseURL: String?
    /// The soak starts the project's test PostgreSQL server on its own disk and keeps the wallets there
    /// (`CASHU_SOAK_POSTGRES=1`, `scripts/soak --postgres`).
    var ownPostgres = false

    var description: String {
        "\(duration.minutesText) min, seed \(seed), \(workers) workers"
    }

    /// The settings from the environment, or `nil` when `CASHU_SOAK_MINUTES` is not set.
    static let current: SoakConfiguration? = {
        let environment = ProcessInfo.processInfo.environment
        guard let text = environment["CASHU_SOAK_MINUTES"], let minutes = Double(text), minutes > 0 else {
            return nil
        }
        let seed = environment["CASHU_SOAK_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...999_999)
        let workers = environment["CASHU_SOAK_WORKERS"].flatMap(Int.init).map { max(1, $0) } ?? 2
        let output = environment["CASHU_SOAK_OUTPUT"].map { URL(fileURLWithPath: $0) }
            ?? TestMint.repositoryRoot.appendingPathComponent(".build/soak")
        let database = environment["CASHU_SOAK_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        return SoakConfiguration(
            duration: .milliseconds(Int64(minutes * 60_000)), seed: seed, workers: workers, outputDirectory: output,
            databaseURL: database, ownPostgres: database == nil && environment["CASHU_SOAK_POSTGRES"] == "1")
    }()
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }

    /// Seconds with one decimal, e.g. `1.3`.
    var secondsText: String { String(format: "%.1f", Double(milliseconds) / 1000) }

    /// Minutes with one decimal, e.g. `2.0`.
    var minutesText: String {
        String(format: "%.1f", Double(milliseconds) / 60_000)
    }
}
