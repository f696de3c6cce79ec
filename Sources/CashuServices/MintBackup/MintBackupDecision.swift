// NUT-27 — whether the mint list must be published now: a pure decision over the wallet's mints, relays and the
// last published state.

import CashuNostr

/// What a backup pass should do.
package enum MintBackupDecision: Sendable, Hashable {
    /// Publish these (sorted) mints to these relays.
    case publish(mints: [String], relays: [NostrRelayURL])
    /// Nothing to do, for this reason.
    case skip(MintBackupReport.Skipped)

    /// Decides.
    ///
    /// - Parameters:
    ///   - mints: the wallet's mint URLs.
    ///   - relays: the relays in use.
    ///   - published: the last published state.
    ///   - enabled: the backup is on for this wallet and process.
    ///   - force: publish even when nothing changed (`cashu nostr backup`).
    package static func decide(
        mints: [String], relays: [NostrRelayURL], published: MintBackupState?, enabled: Bool, force: Bool
    ) -> MintBackupDecision {
        guard enabled || force else { return .skip(.disabled) }
        guard !relays.isEmpty else { return .skip(.noRelays) }
        let sorted = Array(Set(mints)).sorted()
        // An empty list is never published: it would overwrite the backup a new or emptied wallet may yet restore.
        guard !sorted.isEmpty else { return .skip(.noMints) }
        if !force, let published, published.mints == sorted,
            Set(relays.map(\.string)).isSubset(of: Set(published.relays))
        {
            return .skip(.unchanged)
        }
        return .publish(mints: sorted, relays: relays)
    }
}
