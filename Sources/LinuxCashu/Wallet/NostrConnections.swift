// LinuxWallet — the wallet's connections to Nostr relays, made on first use and closed with the wallet.

import CashuNostr
import CashuServices
import CoreCashu
import Logging

/// The relay client a wallet uses: the host's (``LinuxWalletConfiguration/nostrRelayAccess``), else one the wallet
/// makes the first time a Nostr feature needs it.
final class NostrConnections: Sendable {
    private let injected: (any NostrRelayAccess)?
    private let make: @Sendable () -> (any NostrRelayAccess)?
    private let made = Locked<(any NostrRelayAccess)?>(nil)

    init(injected: (any NostrRelayAccess)?, make: @escaping @Sendable () -> (any NostrRelayAccess)?) {
        self.injected = injected
        self.make = make
    }

    /// The relay client.
    ///
    /// - Throws: ``NostrError`` `.relayUnreachable` when this build has none.
    func access() throws(NostrError) -> any NostrRelayAccess {
        if let injected { return injected }
        let access = made.withLock { made in
            if made == nil { made = make() }
            return made
        }
        guard let access else { throw NostrError(.relayUnreachable, "no Nostr relay client is available") }
        return access
    }

    /// Closes the connections the wallet made (never the host's).
    func shutdown() async {
        let access = made.withLock { made in
            defer { made = nil }
            return made
        }
        if let closable = access as? any NostrRelayClosing { await closable.shutdown() }
    }
}
