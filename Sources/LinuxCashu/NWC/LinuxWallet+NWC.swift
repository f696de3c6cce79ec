// NIP-47 — Nostr Wallet Connect: the wallet's connections — made (`cashu nwc add`), listed, revoked — and the store
// the service serves them from.

import CashuNostr
import CashuServices
import CoreCashu

extension LinuxWallet {
    /// The wallet's NIP-47 store (its own store's metadata and its secure store).
    ///
    /// - Parameter configuration: the handler's; handled requests are remembered as long as it takes requests.
    package func nwcStore(configuration: NWCServiceConfiguration = NWCServiceConfiguration()) -> NWCWalletStore {
        NWCWalletStore(store: store, secureStore: secrets.store, configuration: configuration)
    }

    /// Makes a connection with fresh keys and keeps it (its service key in the secure store, its public record in
    /// the store). The client's secret is in the returned URI only: show it once, never store or log it.
    ///
    /// - Parameters:
    ///   - name: the connection's name.
    ///   - mint: the mint it pays from and makes invoices at (one of the wallet's).
    ///   - relays: the relays to serve it on; the wallet's relays (``nostrRelays()``) when `nil`.
    ///   - methods: what it may do.
    ///   - budget: its spending budget, if any.
    ///   - expiresAt: when it stops working, if ever.
    /// - Returns: the connection and its URI.
    /// - Throws: `WalletError` `unknownMint` for a mint the wallet does not have; `NostrError`
    ///   `.relayUnreachable` when no relay is given or configured, `.storage`.
    public func addWalletConnection(
        name: String, mint: MintURL, relays: [NostrRelayURL]? = nil,
        methods: [NWCMethod] = NWCMethod.walletServiceMethods, budget: NWCBudget? = nil, expiresAt: Int64? = nil
    ) async throws -> (connection: WalletConnection, uri: NWCConnectionURI) {
        guard try await wallet.mints().contains(where: { $0.url == mint }) else {
            throw WalletError(.unknownMint, "mint \(mint) is not in the wallet")
        }
        var wanted = relays ?? []
        if relays == nil { wanted = try await nostrRelays().relays }
        var targets: [NostrRelayURL] = []
        for relay in wanted where !targets.contains(relay) { targets.append(relay) }
        guard !targets.isEmpty else {
            throw NostrError(.relayUnreachable, "no Nostr relay is given or configured (CASHU_NOSTR_RELAYS=none?)")
        }
        let (connection, uri) = NWCConnection.create(
            name: name, relays: targets, methods: methods, budget: budget, createdAt: NostrClock.now(),
            expiresAt: expiresAt)
        let record = try await nwcStore().add(connection, mint: mint)
        return (WalletConnection(record: record, ledger: NWCBudgetLedger(), at: NostrClock.now()), uri)
    }

    /// Every connection, revoked ones included, oldest first, with its budget now.
    ///
    /// - Throws: `NostrError` `.storage`.
    public func walletConnections() async throws -> [WalletConnection] {
        let store = nwcStore()
        let now = NostrClock.now()
        var connections: [WalletConnection] = []
        for record in try await store.records() {
            let ledger = try await store.ledger(connectionID: record.id)
            connections.append(WalletConnection(record: record, ledger: ledger, at: now))
        }
        return connections
    }

    /// Revokes connection `id` (its key deleted from the secure store; nothing is served to it from then on, by this
    /// process or any other).
    ///
    /// - Returns: the connection, revoked; `nil` when there is no such connection.
    /// - Throws: `NostrError` `.storage`.
    public func revokeWalletConnection(id: String) async throws -> WalletConnection? {
        let store = nwcStore()
        guard let record = try await store.revoke(id: id) else { return nil }
        // Revoked already: a ledger that cannot be read does not make it fail.
        let ledger = (try? await store.ledger(connectionID: record.id)) ?? NWCBudgetLedger()
        return WalletConnection(record: record, ledger: ledger, at: NostrClock.now())
    }
}
