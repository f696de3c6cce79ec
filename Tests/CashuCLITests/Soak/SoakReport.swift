// Soak (issue 17): the soak's report — operations run, kills, faults injected, how settling went, the books, and
// anything lost (which must be 0).

import Foundation

/// Everything the soak found, and whether it passed.
struct SoakReport: Sendable {
    var configuration: SoakConfiguration
    var tallies: [SoakOperationKind: SoakTally]
    var timedKills: Int
    var stepKills: Int
    var hung: Int
    var faults: [String: Int]
    var diskFullWindows: Int
    var diskFullTime: Duration
    var diskNote: String?
    /// The wallets' store (``SoakStore/description``: no user or password).
    var store: String
    /// Disk-full windows in which the soak's own PostgreSQL wrote WAL.
    var walGrowthWindows = 0
    /// The soak's own PostgreSQL server: its PANICs, the times it was found shut down, and the soak's starts of it.
    var server: (panics: Int, outages: Int, starts: Int)?
    var surprises: [String]
    var settlement: SoakSettlement.Result
    var books: SoakAccounting

    var restoresMatch: Bool { books.restores.allSatisfy { $0.found == $0.expected } }

    /// No sat lost, nothing left unfinished, no double spend, no hang, restores finding what the wallets hold.
    var passed: Bool {
        books.lost == 0 && settlement.leftovers.isEmpty && books.doubleClaims == 0 && hung == 0 && restoresMatch
    }

    var text: String {
        var lines = ["== cashu fault soak: \(configuration) ==", "store: \(store)"]
        let all = tallies.values
        lines.append(
            "operations: \(all.reduce(0) { $0 + $1.total }) (ok \(all.reduce(0) { $0 + $1.ok }), "
                + "failed \(all.reduce(0) { $0 + $1.failed }), killed \(all.reduce(0) { $0 + $1.killed }))")
        for (kind, tally) in tallies.sorted(by: { $0.key < $1.key }) {
            let exits = tally.exits.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
            lines.append(
                "  \(kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) ok \(tally.ok), "
                    + "failed \(tally.failed), killed \(tally.killed)   exits: \(exits)")
        }
        lines.append("kills: \(timedKills + stepKills) (timer \(timedKills), at a step \(stepKills)); hung: \(hung)")
        let faultText = faults.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("faults injected: \(faults.values.reduce(0, +)) (\(faultText))")
        lines.append(
            "refused writes: "
                + (diskNote ?? "\(diskFullWindows) disk-full windows, \(diskFullTime.secondsText) s in all"
                    + (server == nil ? "" : " (WAL grown in \(walGrowthWindows))")))
        if let server {
            lines.append(
                "PostgreSQL server: \(server.panics) PANICs (every backend restarted); shut down \(server.outages) "
                    + "times (its recovery met the full disk), started again by the soak (\(server.starts) starts)")
        }
        for surprise in surprises.prefix(10) { lines.append("  unexpected: \(surprise)") }
        lines.append(
            "settled in \(settlement.rounds) rounds; unseen sends reclaimed: \(settlement.reclaimedSends) "
                + "(\(settlement.reclaimedAmount) sat); left unfinished: "
                + (settlement.leftovers.isEmpty ? "nothing" : settlement.leftovers.joined(separator: "; ")))
        let balances = books.balances.map { "\($0.name) \($0.sat)" }.joined(separator: ", ")
        let inFlight = books.inFlight.values.reduce(0, +)
        lines.append(
            "wallets: \(balances) sat; in flight: \(inFlight) sat in \(books.unspentTokens) of \(books.tokens) tokens")
        lines.append("mint liabilities: \(books.liabilities) sat; wallets + in flight: \(books.held) sat")
        for restore in books.restores {
            lines.append("restore of \(restore.name): found \(restore.found) sat, expected \(restore.expected) sat")
        }
        lines.append("double spends accepted: \(books.doubleClaims)")
        lines.append("lost: \(books.lost) sat")
        lines.append(passed ? "SOAK PASSED" : "SOAK FAILED")
        return lines.joined(separator: "\n")
    }
}
