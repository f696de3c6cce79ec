// NUT-27 — what the wallet last published as its mint list backup, kept in the wallet's metadata.

import CashuNostr

/// The last backup the relays accepted: which mints, to which relays, when. A backup is due when the wallet's mints
/// or relays differ from it.
package struct MintBackupState: Sendable, Hashable, Codable {
    /// The mint URLs published, sorted.
    package var mints: [String]
    /// The relays that accepted it, sorted.
    package var relays: [String]
    /// When (seconds since the Unix epoch).
    package var publishedAt: Int64

    /// A backup published.
    package init(mints: [String], relays: [String], publishedAt: Int64) {
        self.mints = mints
        self.relays = relays
        self.publishedAt = publishedAt
    }

    /// Metadata key of the state.
    package static let metadataKey = "nostr.mint-backup.published"
    /// Metadata key of the wallet's switch (`off` when the user turned the backup off).
    package static let enabledKey = "nostr.mint-backup"
    /// Metadata key of the mints removed from the wallet that the backup drops too (a JSON array of URLs).
    package static let removedKey = "nostr.mint-backup.removed"
    /// Metadata key of the wallet's own relay list (a JSON array of URLs).
    package static let relaysKey = "nostr.relays"
}
