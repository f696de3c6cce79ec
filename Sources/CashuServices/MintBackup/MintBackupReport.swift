// NUT-27 — what a mint list backup pass did.

import CashuNostr

/// The outcome of `LinuxWallet.backUpMintList(force:)`: published or not, and what each relay said.
public struct MintBackupReport: Sendable, Hashable, CustomStringConvertible {
    /// Why nothing was published.
    package enum Skipped: String, Sendable, Hashable {
        /// The backup is turned off.
        case disabled
        /// No relay is configured (`CASHU_NOSTR_RELAYS=none`).
        case noRelays
        /// The wallet has no mint (an empty list is never published).
        case noMints
        /// The relays already hold this list.
        case unchanged
    }

    /// What the pass did.
    package enum Outcome: Sendable, Hashable {
        /// Nothing was sent.
        case skipped(Skipped)
        /// The list went out; at least one relay stored it when ``MintBackupReport/isPublished``.
        case sent(mints: [String], report: NostrPublishReport)
        /// The backup could not be made (no backup key, no relay client, a storage failure).
        case failed(String)
    }

    package let outcome: Outcome

    package static func skipped(_ reason: Skipped) -> MintBackupReport { MintBackupReport(outcome: .skipped(reason)) }

    package static func sent(mints: [String], report: NostrPublishReport) -> MintBackupReport {
        MintBackupReport(outcome: .sent(mints: mints, report: report))
    }

    package static func failed(_ reason: String) -> MintBackupReport { MintBackupReport(outcome: .failed(reason)) }

    /// Whether a relay stored the list in this pass.
    public var isPublished: Bool {
        if case .sent(_, let report) = outcome { report.isPublished } else { false }
    }

    /// Whether nothing was sent.
    public var isSkipped: Bool { if case .skipped = outcome { true } else { false } }

    /// What each relay the list was sent to answered (`accepted`, or why not); empty when nothing was sent.
    public var relays: [NostrRelayURL: String] {
        guard case .sent(_, let report) = outcome else { return [:] }
        return report.outcomes.mapValues(\.description)
    }

    public var description: String {
        switch outcome {
        case .skipped(let reason): "not published (\(reason.rawValue))"
        case .sent(let mints, let report) where report.isPublished:
            "published \(mints.count) mint(s) to \(report.accepted.count) of \(report.outcomes.count) relay(s)"
        case .sent(_, let report):
            "no relay stored the backup: "
                + report.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
        case .failed(let reason): "backup failed: \(reason)"
        }
    }
}
