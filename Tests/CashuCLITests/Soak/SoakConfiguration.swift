// Soak (issue 17): how long and with which seed the fault soak runs, from CASHU_SOAK_MINUTES and CASHU_SOAK_SEED.

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
        return SoakConfiguration(
            duration: .milliseconds(Int64(minutes * 60_000)), seed: seed, workers: workers, outputDirectory: output)
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
