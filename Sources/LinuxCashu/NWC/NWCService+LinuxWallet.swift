// NIP-47 — Nostr Wallet Connect: the wallet service made from a `LinuxWallet` (its engine, its store, its secure
// store and its relay client).

import CashuNostr
import CashuServices
import CoreCashu
import Logging

extension NWCService {
    /// A service with the usual methods, notifications and intervals.
    /// - Parameters:
    ///   - wallet: the open wallet (it stays open; the caller closes it).
    ///   - logger: fixed messages, no secrets.
    public init(wallet: LinuxWallet, logger: Logger) {
        self.init(
            wallet: wallet, configuration: NWCServiceConfiguration(), settings: NWCServiceSettings(), logger: logger,
            onEvent: { _ in })
    }

    /// A service.
    ///
    /// - Parameters:
    ///   - wallet: the open wallet (it stays open; the caller closes it).
    ///   - configuration: what the handler serves and which requests it takes.
    ///   - settings: the loop's intervals.
    ///   - logger: fixed messages, no secrets.
    ///   - onEvent: told of each step (tests, hosts).
    package init(
        wallet: LinuxWallet, configuration: NWCServiceConfiguration = NWCServiceConfiguration(),
        settings: NWCServiceSettings = NWCServiceSettings(), logger: Logger,
        onEvent: @escaping @Sendable (NWCServiceEvent) -> Void = { _ in }
    ) {
        let nostr = wallet.nostr
        self.init(
            engine: wallet.wallet, walletStore: wallet.store, secureStore: wallet.secrets.store,
            relayAccess: { () throws(NostrError) -> any NostrRelayAccess in try nostr.access() },
            configuration: configuration, settings: settings, logger: logger, onEvent: onEvent)
    }
}
