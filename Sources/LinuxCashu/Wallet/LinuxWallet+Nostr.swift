// LinuxWallet — the Nostr relays the wallet uses, and its own list of them (`cashu nostr relays`).

import CashuNostr
import CoreCashu
import Foundation

extension LinuxWallet {
    /// The relays in use: the configuration's (`CASHU_NOSTR_RELAYS`), else the wallet's own, else the defaults.
    public func nostrRelays() async throws -> NostrRelayChoice {
        let stored = try await store.read { tx in try tx.metadata(MintBackupState.relaysKey) }
        return Self.relayChoice(configured: configuration.nostrRelays, storedText: stored)
    }

    /// The wallet's own relay list (empty when it has none).
    public func storedNostrRelays() async throws -> [NostrRelayURL] {
        let stored = try await store.read { tx in try tx.metadata(MintBackupState.relaysKey) }
        return Self.decodeRelays(stored) ?? []
    }

    /// Replaces the wallet's own relay list; an empty list goes back to the defaults.
    public func setStoredNostrRelays(_ relays: [NostrRelayURL]) async throws {
        let text = String(decoding: try JSONEncoder().encode(relays), as: UTF8.self)
        try await store.write { tx in try tx.setMetadata(MintBackupState.relaysKey, text) }
    }

    static func relayChoice(configured: [NostrRelayURL]?, storedText: String?) -> NostrRelayChoice {
        NostrRelayChoice.resolve(configured: configured, stored: decodeRelays(storedText))
    }

    static func decodeRelays(_ text: String?) -> [NostrRelayURL]? {
        guard let text else { return nil }
        return try? JSONDecoder().decode([NostrRelayURL].self, from: Data(text.utf8))
    }
}
