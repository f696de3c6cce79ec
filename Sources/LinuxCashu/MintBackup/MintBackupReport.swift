// NUT-27 — what a mint list backup pass did.

import CashuNostr

/// The outcome of ``LinuxWallet/backUpMintList(force:)``.
public enum MintBackupReport: Sendable, Hashable, CustomStringConvertible {
    /// Why nothing was published.
    public enum Skipped: String, Sendable, Hashable {
        /// The backup is turned off.
        case disabled
        /// No relay is configured (`CASHU_NOSTR_RELAYS=none`).
        case noRelays
        /// The wallet has no mint (an empty list is never published).
        case noMints
        /// The relays already hold this list.
        case unchanged
    }

    /// Nothing was sent.
    case skipped(Skipped)
    /// The list went out; at least one relay stored it when ``isPublished``.
    case sent(mints: [String], report: NostrPublishReport)
    /// The backup could not be made (no backup key, no relay client, a storage failure).
    case failed(String)

    /// Whether a relay stored the list in this pass.
    public var isPublished: Bool {
        if case .sent(_, let report) = self { report.isPublished } else { false }
    }

    /// Whether nothing was sent.
    public var isSkipped: Bool { if case .skipped = self { true } else { false } }

    public var description: String {
        switch self {
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
