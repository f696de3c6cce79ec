// NUT-27 — Nostr mint backup: publishing the wallet's mint list when it changes, and fetching it back.

import CashuNostr
import CashuServices
import CoreCashu
import Foundation

extension LinuxWallet {
    /// Publishes the wallet's mint list (NUT-27) to its relays when it changed since the last published one (or
    /// always, with `force`). A failed pass is retried by the next one: the state is only recorded once a relay
    /// stored the event. Never throws: the report says what happened.
    ///
    /// The list published is the wallet's mints together with those of the backup it replaces (the last one
    /// published, else the one on the relays, read first), less the mints removed with ``forgetMintInBackup(_:)``: a
    /// wallet that knows fewer mints than its backup (a partial restore, a new directory restored with `--mint`,
    /// another machine of the same phrase) never shortens it. A backup that cannot be read first is not replaced.
    @discardableResult
    public func backUpMintList(force: Bool = false) async -> MintBackupReport {
        guard let key = wallet.mintBackupKey else { return .failed("the wallet's seed gives no backup key") }
        var mints: [String]
        let published: MintBackupState?
        let enabled: Bool
        let choice: NostrRelayChoice
        let removed: Set<String>
        do {
            mints = try await wallet.mints().map(\.url.rawValue)
            let configured = configuration.nostrRelays
            (published, enabled, choice, removed) = try await store.read { tx in
                let state = try tx.metadata(MintBackupState.metadataKey).flatMap {
                    try? JSONDecoder().decode(MintBackupState.self, from: Data($0.utf8))
                }
                let on = try tx.metadata(MintBackupState.enabledKey) != "off"
                let stored = try tx.metadata(MintBackupState.relaysKey)
                let removed = try tx.metadata(MintBackupState.removedKey).flatMap {
                    try? JSONDecoder().decode(Set<String>.self, from: Data($0.utf8))
                }
                return (state, on, Self.relayChoice(configured: configured, storedText: stored), removed ?? [])
            }
        } catch {
            return .failed("cannot read the wallet: \(error)")
        }
        if enabled && configuration.mintBackup || force, !mints.isEmpty, !choice.relays.isEmpty {
            var earlier = published?.mints
            if earlier == nil {
                // Never published from here: the backup on the relays is read first, and kept in what replaces it.
                do { earlier = try await backup(on: choice.relays)?.mints ?? [] } catch {
                    return .failed("the backup on the relays could not be read first (\(error.reason))")
                }
            }
            mints = Array(Set(mints).union(Set(earlier ?? []).subtracting(removed)))
        }
        let decision = MintBackupDecision.decide(
            mints: mints, relays: choice.relays, published: published, enabled: enabled && configuration.mintBackup,
            force: force)
        guard case .publish(let list, let targets) = decision else {
            if case .skip(let reason) = decision { return .skipped(reason) }
            return .skipped(.unchanged)
        }
        // Strictly after the last one: a relay keeps, of two versions with the same created_at, the lower id.
        let now = max(NostrClock.now(), (published?.publishedAt ?? 0) + 1)
        let event: NostrEvent
        let access: any NostrRelayAccess
        do {
            event = try MintListBackupEvent.make(MintListBackup(mints: list, timestamp: now), key: key)
            access = try nostr.access()
        } catch {
            return .failed(error.reason)
        }
        let report = await access.publish(event, to: targets)
        if report.isPublished {
            let state = MintBackupState(mints: list, relays: report.accepted.map(\.string), publishedAt: now)
            do {
                let text = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
                try await store.write { tx in try tx.setMetadata(MintBackupState.metadataKey, text) }
            } catch {
                configuration.logger.warning("cannot record the published mint list backup")
            }
        }
        configuration.logger.debug(
            "mint list backup", metadata: ["accepted": "\(report.accepted.count)", "relays": "\(targets.count)"])
        return .sent(mints: list, report: report)
    }

    /// Fetches the newest NUT-27 backup of this wallet's phrase from `relays` (else the relays in use).
    ///
    /// - Returns: the backup's mint URLs, as the wallet that wrote it listed them (a front end reads each with
    ///   `MintURL(_:)`), or `nil` when the relays that answered hold no backup.
    /// - Throws: `NostrError` `.relayUnreachable` when no relay answered; `.invalidKey` without a backup key.
    public func fetchMintListBackup(
        relays: [NostrRelayURL]? = nil, timeout: Duration = .seconds(10)
    ) async throws -> [String]? {
        try await backup(on: relays, timeout: timeout)?.mints
    }

    /// ``fetchMintListBackup(relays:timeout:)`` with its typed error, for the library's own callers.
    func backup(
        on relays: [NostrRelayURL]?, timeout: Duration = .seconds(10)
    ) async throws(NostrError) -> MintListBackup? {
        guard let key = wallet.mintBackupKey else {
            throw NostrError(.invalidKey, "the wallet's seed gives no backup key")
        }
        let targets: [NostrRelayURL]
        if let relays {
            targets = relays
        } else {
            do { targets = try await nostrRelays().relays } catch {
                throw NostrError(.relayUnreachable, "cannot read the wallet's relays")
            }
        }
        guard !targets.isEmpty else { throw NostrError(.relayUnreachable, "no Nostr relay is configured") }
        let result = try await nostr.access().fetch(
            [MintListBackupEvent.filter(key)], from: targets, timeout: timeout)
        return MintListBackupEvent.newest(in: result.events, key: key)
    }

    /// Drops `mint` from the backed-up list from the next backup on (`cashu mints remove`): without it, a mint
    /// the wallet no longer has stays in the backup.
    public func forgetMintInBackup(_ mint: MintURL) async throws {
        try await store.write { tx in
            var removed =
                try tx.metadata(MintBackupState.removedKey).flatMap {
                    try? JSONDecoder().decode(Set<String>.self, from: Data($0.utf8))
                } ?? []
            removed.insert(mint.rawValue)
            let text = String(decoding: try JSONEncoder().encode(removed.sorted()), as: UTF8.self)
            try tx.setMetadata(MintBackupState.removedKey, text)
        }
    }

    /// Whether the wallet backs its mint list up (its own switch; `CASHU_NOSTR_BACKUP=off` also stops it).
    package func mintBackupEnabled() async throws -> Bool {
        try await store.read { tx in try tx.metadata(MintBackupState.enabledKey) != "off" }
    }

    /// Turns the wallet's mint list backup on or off.
    public func setMintBackupEnabled(_ enabled: Bool) async throws {
        try await store.write { tx in try tx.setMetadata(MintBackupState.enabledKey, enabled ? "on" : "off") }
    }
}
