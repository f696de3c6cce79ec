// NUT-27 — Nostr mint backup: the addressable kind-30078 event, its filter, and choosing the backup to restore.

import CashuEngine
import Foundation

/// Builds and reads NUT-27 backup events: kind 30078, `d` tag `mint-list`, content the NIP-44 v2 encryption of a
/// ``MintListBackup`` to the backup key itself.
package enum MintListBackupEvent {
    /// NUT-27 §Event Kind (NIP-78 application data).
    package static let kind = 30078
    /// NUT-27 §Event Fields: the `d` tag's value.
    package static let identifier = "mint-list"
    /// The `client` tag this library writes.
    package static let client = "cashu-swift"

    /// The backup key as a Nostr key pair.
    package static func keys(_ key: MintBackupKey) -> NostrKeyPair { NostrKeyPair(privateKey: key.privateKey) }

    /// The signed event backing up `backup` under `key`.
    ///
    /// - Parameter createdAt: the event's time; `backup.timestamp` when `nil`.
    /// - Throws: ``NostrError`` from the encryption.
    package static func make(
        _ backup: MintListBackup, key: MintBackupKey, createdAt: Int64? = nil
    ) throws(NostrError) -> NostrEvent {
        let keys = keys(key)
        let json: Data
        do { json = try JSONEncoder.sortedKeys.encode(backup) } catch {
            throw NostrError(.invalidPlaintext, "the mint list cannot be written as JSON")
        }
        let content = try NIP44.encrypt(String(decoding: json, as: UTF8.self), from: keys, to: keys.publicKey)
        let draft = NostrEventDraft(
            pubkey: keys.publicKey, createdAt: createdAt ?? backup.timestamp, kind: kind,
            tags: [["d", identifier], ["client", client]], content: content)
        return try draft.signed(by: keys)
    }

    /// NUT-27 §Restore Flow: the filter that finds the backups of `key`.
    package static func filter(_ key: MintBackupKey) -> NostrFilter {
        NostrFilter(authors: [keys(key).publicKey], kinds: [kind], tags: ["d": [identifier]])
    }

    /// The backup to restore from `events`: of those by `key`, of the right kind and `d` tag, that verify and
    /// decrypt, the one with the newest `created_at` (then the newest `timestamp`). Others are skipped: a relay may
    /// hand out anything.
    package static func newest(in events: [NostrEvent], key: MintBackupKey) -> MintListBackup? {
        let keys = keys(key)
        var best: (createdAt: Int64, backup: MintListBackup)?
        for event in events {
            guard let backup = open(event, keys: keys) else { continue }
            if let current = best,
                (current.createdAt, current.backup.timestamp) >= (event.createdAt, backup.timestamp)
            {
                continue
            }
            best = (event.createdAt, backup)
        }
        return best?.backup
    }

    /// The backup in one event, or `nil` when it is not a valid backup of `keys`.
    static func open(_ event: NostrEvent, keys: NostrKeyPair) -> MintListBackup? {
        guard event.kind == kind, event.pubkey == keys.publicKey, event.firstTagValue("d") == identifier,
            event.isValid,
            let plaintext = try? NIP44.decrypt(event.content, by: keys, from: keys.publicKey),
            var backup = try? JSONDecoder().decode(MintListBackup.self, from: Data(plaintext.utf8))
        else { return nil }
        backup.mints = Array(backup.mints.prefix(MintListBackup.maximumMints))
        return backup
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys and no escaped slashes (stable, readable output).
    static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
