// LinuxWallet: the façade that wires the wallet engine to Linux — SQLite store, libsecret (or encrypted file)
// secrets, NUT-17 WebSockets, the reachability monitor and the durable offline queue, all logging through the host's
// (redacting) logger.

import AsyncHTTPClient
import CashuNostr
import CashuPostgres
import CashuServices
import CoreCashu
import Foundation
import Logging

/// A wallet opened on Linux with every platform part in place.
///
/// ``wallet`` is the engine (every operation); ``queue`` runs receives, melts and checks now or keeps them until the
/// mint is back; ``refresh()`` is one maintenance pass (what `cashu refresh` and the systemd timer run). Call
/// It lives for the scope of ``withWallet(_:mnemonic:recover:_:)``, which opens it and, however its body ends, stops
/// the queue and the monitor and closes every connection and the store.
public final class LinuxWallet: Sendable {
    /// The wallet engine.
    public let wallet: Wallet
    /// The wallet's database: a `SQLiteWalletStore` in the directory, or a `PostgresWalletStore` when
    /// ``LinuxWalletConfiguration/database`` names one.
    package let store: any WalletStore
    /// Where the wallet's secrets are kept, and any warning to show the user (plaintext).
    public let secrets: SecureStoreSelection
    /// Operations that wait for their mint.
    public let queue: OfflineQueue
    /// The network and mint watcher, when ``LinuxWalletConfiguration/watchReachability`` is set.
    package let monitor: NetlinkReachabilityMonitor?
    /// The NUT-17 clients, when ``LinuxWalletConfiguration/useWebSockets`` is set.
    package let webSockets: MintWebSocketPool?
    /// What resuming unfinished operations did at open (empty when `recover` was `false`).
    public let recovery: RecoveryReport
    /// The configuration the wallet was opened with.
    package let configuration: LinuxWalletConfiguration

    let httpClient: MintHTTPClients
    let probeClient: OwnedHTTPClient?
    /// The NUT-21 authorizer of each mint, for the wallet's life.
    let authorizers: MintAuthorizers
    /// The Nostr relay client, made on first use.
    let nostr: NostrConnections

    init(
        wallet: Wallet, store: any WalletStore, secrets: SecureStoreSelection, queue: OfflineQueue,
        monitor: NetlinkReachabilityMonitor?, webSockets: MintWebSocketPool?, recovery: RecoveryReport,
        configuration: LinuxWalletConfiguration, httpClient: MintHTTPClients, probeClient: OwnedHTTPClient?,
        authorizers: MintAuthorizers
    ) {
        self.authorizers = authorizers
        self.wallet = wallet
        self.store = store
        self.secrets = secrets
        self.queue = queue
        self.monitor = monitor
        self.webSockets = webSockets
        self.recovery = recovery
        self.configuration = configuration
        self.httpClient = httpClient
        self.probeClient = probeClient
        self.nostr = NostrConnections(injected: configuration.nostrRelayAccess) {
            NostrRelayPool(logger: configuration.logger, proxy: configuration.proxy)
        }
    }

    /// Opens (or creates) the wallet `configuration` describes, runs `body` with it, and closes it however `body`
    /// ends: the offline queue and the reachability monitor stop, every connection closes, the store closes.
    ///
    /// ```swift
    /// let balance = try await LinuxWallet.withWallet(configuration) { linux in
    ///     try await linux.wallet.balance()
    /// }
    /// ```
    /// - Parameters:
    ///   - configuration: directory, secrets, network and logging choices.
    ///   - mnemonic: the recovery phrase to open the wallet with (restoring); `nil` uses the stored one, or makes a
    ///     new one for a new wallet.
    ///   - recover: resume unfinished operations before `body` runs (no request is made when there are none).
    ///   - body: what to do with the open wallet; it must not keep the wallet past its return.
    /// - Throws: what opening throws (`LinuxWalletError`; `WalletError` from the engine), or what `body` throws.
    public static func withWallet<T>(
        _ configuration: LinuxWalletConfiguration,
        mnemonic: Mnemonic? = nil,
        recover: Bool = true,
        _ body: (LinuxWallet) async throws -> T
    ) async throws -> T {
        let linux = try await open(configuration, mnemonic: mnemonic, recover: recover)
        let result: Result<T, any Error>
        do { result = .success(try await body(linux)) } catch { result = .failure(error) }
        await linux.close()
        return try result.get()
    }

    /// Opens (or creates) the wallet `configuration` describes; the caller closes it (``close()``). Front ends use
    /// ``withWallet(_:mnemonic:recover:_:)``, which cannot forget to.
    /// - Parameters:
    ///   - configuration: directory, secrets, network and logging choices.
    ///   - mnemonic: the recovery phrase to open the wallet with (restoring); `nil` uses the stored one, or makes a
    ///     new one for a new wallet.
    ///   - recover: resume unfinished operations before returning (no request is made when there are none).
    /// - Throws: `LinuxWalletError` when the directory, database or secure store cannot be opened (`unsafeDirectory`
    ///   when another user could tamper with the directory: ``WalletDirectorySafety``); `WalletError`
    ///   from the engine (a mnemonic that does not belong to the store, a missing one for an existing wallet).
    package static func open(
        _ configuration: LinuxWalletConfiguration,
        mnemonic: Mnemonic? = nil,
        recover: Bool = true
    ) async throws -> LinuxWallet {
        let logger = configuration.logger
        // The secrets first: a wallet whose secure store cannot be opened must not leave a database behind (the
        // directory would then look like a wallet without a phrase).
        // Refused before anything is written when another user could tamper with it (ssh's rule); a new one is
        // created 0700.
        try WalletDirectorySafety.prepare(configuration.directory)
        do { try configuration.directory.create() } catch {
            throw LinuxWalletError(.storage, error.reason, underlying: error)
        }
        // One process at a time chooses the secure store and opens the engine (which makes a new wallet's phrase).
        let (secrets, store, httpClient, webSockets, authorizers, wallet) = try await WalletOpenLock.holding(
            in: configuration.directory.url
        ) {
            let secrets: SecureStoreSelection
            do throws(SecureStoreError) {
                secrets = try await SecureStoreFactory.make(
                    directory: configuration.directory.url,
                    passphrase: configuration.passphrase,
                    allowPlaintext: configuration.allowPlaintextSecrets,
                    preferred: configuration.preferredSecureStore,
                    environment: configuration.environment,
                    logger: logger
                )
            } catch {
                throw LinuxWalletError(.secureStore, error.reason, underlying: error)
            }
            // One phrase, one store: a directory whose phrase belongs to another store is refused before anything
            // opens.
            try WalletDatabaseBinding.check(configuration)
            let store = try await Self.openStore(configuration)
            // Owned: shut down by close() (the connectors keep it alive).
            let proxy = configuration.proxy
            // A mint kept behind a proxy must never be reached directly: unreadable routes stop the opening.
            let routesText: String?
            do { routesText = try await store.read { tx in try tx.metadata(MintHTTPClients.metadataKey) } } catch {
                await store.close()
                throw LinuxWalletError(.storage, "cannot read the mints' proxies: \(error)", underlying: error)
            }
            guard let routes = MintHTTPClients.decode(routesText) else {
                await store.close()
                throw LinuxWalletError(
                    .configuration, "the mints' proxies kept in the wallet cannot be read; nothing was sent")
            }
            let httpClient = MintHTTPClients(fallback: proxy, routes: routes, timeouts: configuration.timeouts)
            // WebSockets take the same way as requests: each mint's client connects through that mint's proxy.
            let webSockets =
                configuration.useWebSockets
                ? MintWebSocketPool(
                    configuration: configuration.webSocket, logger: logger, proxy: { httpClient.proxy(for: $0) }) : nil
            // One authorizer per mint for the wallet's life: its login and protected endpoints are read once.
            let authorizers = MintAuthorizers(secureStore: secrets.store, httpClients: httpClient)
            let wallet: Wallet
            do {
                // Each mint on its own route (proxy), with its login, and one pacer for the wallet's life.
                let connections = MintConnections.http(
                    timeouts: configuration.timeouts, logger: logger, onRateLimited: configuration.onRateLimited,
                    authorizer: { authorizers.authorizer(for: $0) }, route: { httpClient.client(for: $0) })
                wallet = try await Wallet.open(
                    store: store,
                    secureStore: secrets.store,
                    mnemonic: mnemonic,
                    connectorFactory: connections.connector,
                    options: configuration.options,
                    logger: logger,
                    recover: false,
                    leases: store.operationLeases,
                    subscriptions: webSockets
                )
            } catch {
                await webSockets?.shutdown()
                await httpClient.shutdown()
                await store.close()
                throw error
            }
            do { try WalletDatabaseBinding.record(configuration) } catch {
                logger.warning(
                    "cannot record which database the wallet directory belongs to", metadata: ["error": "\(error)"])
            }
            return (secrets, store, httpClient, webSockets, authorizers, wallet)
        }
        let recovery = recover ? await wallet.recoverAfterOpening() : RecoveryReport()
        await TestKillHook.install(on: wallet)
        var monitor: NetlinkReachabilityMonitor?
        var probeClient: OwnedHTTPClient?
        if configuration.watchReachability {
            let client = OwnedHTTPClient(MintInfoProbe.makeHTTPClient(proxy: configuration.proxy))
            // Probes take the same way as requests, looked up at each probe: a mint with a proxy of its own (set
            // now or later) is probed through it, the others by the probe client (which has the wallet's proxy).
            let fallback = configuration.proxy
            let probe = MintInfoProbe(connector: { url in
                if let routed = httpClient.routes[url], routed != fallback {
                    let (proxiedClient, _) = httpClient.client(for: url)
                    return HTTPMintConnector(
                        mintURL: url, httpClient: proxiedClient, timeouts: MintInfoProbe.probeTimeouts, proxied: true)
                }
                return HTTPMintConnector(
                    mintURL: url, httpClient: client.client, timeouts: MintInfoProbe.probeTimeouts,
                    proxied: fallback != nil)
            })
            let watcher = NetlinkReachabilityMonitor(
                probe: probe,
                configuration: configuration.reachability,
                logger: logger
            )
            do { try await watcher.start(netlink: true) } catch {
                // No AF_NETLINK (a restricted container): probes alone still tell when a mint is back.
                logger.notice("rtnetlink unavailable; watching mints by probes only", metadata: ["error": "\(error)"])
                try? await watcher.start(netlink: false)
            }
            await watcher.tellEvents(to: wallet.eventHub)
            for mint in (try? await wallet.mints()) ?? [] { await watcher.watch(mint.url) }
            monitor = watcher
            probeClient = client
        }
        let queue = OfflineQueue(
            wallet: wallet,
            store: store,
            monitor: monitor,
            retryInterval: configuration.queueRetryInterval,
            logger: logger
        )
        await queue.tellEvents(to: wallet.eventHub)
        if configuration.watchReachability { await queue.start() }
        return LinuxWallet(
            wallet: wallet, store: store, secrets: secrets, queue: queue, monitor: monitor, webSockets: webSockets,
            recovery: recovery, configuration: configuration, httpClient: httpClient, probeClient: probeClient,
            authorizers: authorizers)
    }

    /// Whether the wallet `configuration` names exists: its SQLite file, or a recovery phrase's fingerprint in its
    /// PostgreSQL schema (a wallet another host created there exists; join it with its phrase, `cashu restore`).
    /// - Throws: `LinuxWalletError` `storage` when the PostgreSQL database cannot be reached.
    public static func exists(_ configuration: LinuxWalletConfiguration) async throws -> Bool {
        guard let database = configuration.database else {
            return FileManager.default.fileExists(atPath: configuration.directory.databaseURL.path)
        }
        let store = try await openStore(configuration, database)
        let fingerprint: Result<String?, any Error>
        do { fingerprint = .success(try await store.read { tx in try tx.metadata(Wallet.seedFingerprintKey) }) } catch {
            fingerprint = .failure(error)
        }
        await store.close()
        switch fingerprint {
        case .success(let value): return value != nil
        case .failure(let error):
            throw LinuxWalletError(.storage, "cannot read the wallet's database \(database): \(error)")
        }
    }

    /// Opens the store `configuration` names.
    static func openStore(_ configuration: LinuxWalletConfiguration) async throws(LinuxWalletError) -> any WalletStore {
        if let database = configuration.database { return try await openStore(configuration, database) }
        do { return try SQLiteWalletStore(directory: configuration.directory) } catch {
            throw LinuxWalletError(
                .storage, "cannot open the wallet in \(configuration.directory.url.path): \(error.reason)",
                underlying: error)
        }
    }

    private static func openStore(
        _ configuration: LinuxWalletConfiguration, _ database: PostgresStoreConfiguration
    ) async throws(LinuxWalletError) -> PostgresWalletStore {
        do { return try await PostgresWalletStore(configuration: database) } catch {
            // The reason names the server and the failure, never the password.
            throw LinuxWalletError(.storage, "cannot open the wallet's database \(database): \(error.reason)")
        }
    }

    /// Reaches `mint` through `proxy` from now on, and in every later session (kept in the wallet's metadata); `nil`
    /// goes back to the wallet's own proxy setting. Set it before `Wallet/addMint(_:)` for a mint not yet added:
    /// a connector already made keeps its way until the wallet is opened again.
    /// - Throws: `WalletError` `storage` when the setting cannot be kept.
    public func setProxy(_ proxy: NetworkProxy?, for mint: MintURL) async throws(WalletError) {
        // Read, changed and written in one transaction: two calls at once keep both routes.
        let routes: [MintURL: NetworkProxy]
        do {
            routes = try await store.write { tx -> [MintURL: NetworkProxy] in
                guard var routes = MintHTTPClients.decode(try tx.metadata(MintHTTPClients.metadataKey)) else {
                    throw WalletError(.storage, "the mints' proxies kept in the wallet cannot be read")
                }
                routes[mint] = proxy
                try tx.setMetadata(MintHTTPClients.metadataKey, try MintHTTPClients.encode(routes))
                return routes
            }
        } catch let error as WalletError {
            throw error
        } catch {
            throw WalletError(.storage, "cannot keep the mint's proxy", underlying: error)
        }
        // The new way first, then the mint's WebSocket client (made on the old way) is closed; the next
        // subscription makes one on the new way.
        httpClient.route(mint, through: routes[mint])
        await webSockets?.drop(mint)
    }

    /// The proxy `mint` is reached through (its own, else the wallet's; `nil`: direct).
    public func proxy(for mint: MintURL) -> NetworkProxy? { httpClient.proxy(for: mint) }

    /// Stops the queue's background task and the monitor, and closes every connection and the store. Idempotent.
    package func close() async {
        await Self.close(queue, monitor, webSockets, httpClient, probeClient)
        await nostr.shutdown()
        await store.close()
    }

    /// Stops the queue, then the monitor and the WebSockets, then the clients they use. Every step is idempotent.
    private static func close(
        _ queue: OfflineQueue, _ monitor: NetlinkReachabilityMonitor?, _ webSockets: MintWebSocketPool?,
        _ httpClient: MintHTTPClients, _ probeClient: OwnedHTTPClient?
    ) async {
        await queue.stop()
        await monitor?.shutdown()
        await webSockets?.shutdown()
        await httpClient.shutdown()
        await probeClient?.shutdown()
    }

    /// The HTTP client that reaches `mint` (through its proxy, if one is set) and whether it is proxied: for talking
    /// to what the mint names, such as its login provider (NUT-21). Owned by the wallet.
    package func httpClient(for mint: MintURL) -> (client: HTTPClient, proxied: Bool) {
        httpClient.client(for: mint)
    }
}
