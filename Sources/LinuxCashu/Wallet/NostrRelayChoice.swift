// LinuxWallet — which Nostr relays the wallet talks to (NUT-27 backup, NUT-18 over Nostr, NIP-47).

import CashuNostr
import Foundation

/// The relays in use and where the list came from.
public struct NostrRelayChoice: Sendable, Hashable {
    /// Where a relay list comes from, strongest first.
    public enum Source: Sendable, Hashable {
        /// `CASHU_NOSTR_RELAYS` (or `LinuxWalletConfiguration.nostrRelays`).
        case environment
        /// The wallet's own list (`cashu nostr relays add`).
        case wallet
        /// `NostrRelayChoice.defaults`.
        case defaults
    }

    /// The relays, in order; empty when Nostr is turned off (`CASHU_NOSTR_RELAYS=none`).
    public let relays: [NostrRelayURL]
    /// Where they came from.
    public let source: Source

    package init(relays: [NostrRelayURL], source: Source) {
        self.relays = relays
        self.source = source
    }

    /// Public relays used when neither the environment nor the wallet names any.
    package static let defaults: [NostrRelayURL] = ["wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net"]
        .compactMap { try? NostrRelayURL($0) }

    /// The environment's list wins, then the wallet's, then `defaults`.
    package static func resolve(configured: [NostrRelayURL]?, stored: [NostrRelayURL]?) -> NostrRelayChoice {
        if let configured { return NostrRelayChoice(relays: configured, source: .environment) }
        if let stored, !stored.isEmpty { return NostrRelayChoice(relays: stored, source: .wallet) }
        return NostrRelayChoice(relays: defaults, source: .defaults)
    }

    /// Parses `CASHU_NOSTR_RELAYS`: comma-separated `ws://`/`wss://` URLs, or `none` for no relay at all.
    ///
    /// - Throws: `NostrError` `.invalidRelayURL` naming the first bad entry.
    package static func parse(_ text: String) throws(NostrError) -> [NostrRelayURL] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "none" { return [] }
        var relays: [NostrRelayURL] = []
        for part in trimmed.split(separator: ",") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
            let relay = try NostrRelayURL(parsing: String(part))
            if !relays.contains(relay) { relays.append(relay) }
        }
        return relays
    }
}
