// LinuxWallet — the Nostr relays the wallet uses, and its own list of them (`cashu nostr relays`).

import CashuNostr
import CashuServices
import CoreCashu
import Foundation

extension LinuxWallet {
    /// The relays in use: the configuration's (`CASHU_NOSTR_RELAYS`), else the wallet's own, else the defaults.
    public func nostrRelays() async throws -> NostrRelayChoice {
        return Self.relayChoice(configured: configuration.nostrRelays, storedText: try await storedRelayText())
    }

    /// The wallet's own relay list (empty when it has none).
    public func storedNostrRelays() async throws -> [NostrRelayURL] {
        Self.decodeRelays(try await storedRelayText()) ?? []
    }

    /// Replaces the wallet's own relay list; an empty list goes back to the defaults.
    public func setStoredNostrRelays(_ relays: [NostrRelayURL]) async throws {
        do {
            let text = String(decoding: try JSONEncoder().encode(relays), as: UTF8.self)
            try await store.write { tx in try tx.setMetadata(MintBackupState.relaysKey, text) }
        } catch {
            throw WalletError.storage(error)
        }
    }

    /// The wallet's own relay list as stored; a store failure is `WalletError` `storage`.
    private func storedRelayText() async throws(WalletError) -> String? {
        do { return try await store.read { tx in try tx.metadata(MintBackupState.relaysKey) } } catch {
            throw WalletError.storage(error)
        }
    }

    static func relayChoice(configured: [NostrRelayURL]?, storedText: String?) -> NostrRelayChoice {
        NostrRelayChoice.resolve(configured: configured, stored: decodeRelays(storedText))
    }

    static func decodeRelays(_ text: String?) -> [NostrRelayURL]? {
        guard let text else { return nil }
        return try? JSONDecoder().decode([NostrRelayURL].self, from: Data(text.utf8))
    }
}
