// Wallet: the multi-mint wallet engine — plans, journals, runs each operation's saga (docs/architecture.md, "Sagas").

import Foundation
import Logging

/// A wallet holding ecash at several mints and units, durably.
///
/// Every operation that could consume proofs or get outputs signed is journaled in the `WalletStore` before its
/// request leaves, settled in one transaction when the mint answers, and resumed by ``recover()`` (which `open`
/// runs) when the process died in between. An ambiguous answer leaves the operation pending; only a definite answer
/// releases or spends proofs.
public actor Wallet {
    let store: any WalletStore
    let secureStore: any SecureStore
    let connectorFactory: @Sendable (MintURL) -> any MintConnector
    let options: WalletOptions
    let logger: Logger
    let outputs: OutputFactory
    /// The seed's other keys, each derived when first asked for.
    let seedKeys: WalletSeedKeys
    /// NUT-20 quote keys and NUT-11 receiving keys derived from the seed.
    var lockingKeys: LockingKeyRing {
        get throws(CryptoError) { try seedKeys.lockingKeys() }
    }
    /// NUT-27: the key the wallet's mint list is backed up under on Nostr relays (`nil` for a seed that is not a
    /// 64-byte BIP-39 seed).
    package nonisolated var mintBackupKey: MintBackupKey? { seedKeys.mintBackupKey }
    /// NUT-18: the key the wallet's Nostr payment requests are paid to (`nil` as for ``mintBackupKey``).
    package nonisolated var nostrRequestKey: NostrRequestKey? { seedKeys.nostrRequestKey }
    /// NIP-06: the wallet's Nostr identity, its npub.cash-style address (`nil` as for ``mintBackupKey``).
    package nonisolated var nostrIdentityKey: NostrIdentityKey? { seedKeys.nostrIdentityKey }
    var connectors: [MintURL: any MintConnector] = [:]
    /// Bumped whenever a mint's stored info changes, so a connector built from older info is not cached.
    var connectorGenerations: [MintURL: Int] = [:]
    var syncedKeysets: Set<MintURL> = []
    var stepHook: (@Sendable (WalletStep, OperationKind) -> Void)?
    /// The keys the store seals records with, when it is a ``RecordSealingStore``.
    var sealer: RecordSealer?
    /// Keep each journaled operation to the wallet executing it (``WalletStore/operationLeases`` unless injected).
    let leases: any OperationLeases
    /// Operations this wallet is sending or settling right now, with their leases; a recovery pass leaves them alone.
    var inFlight: [OperationID: any OperationLease] = [:]
    /// Whether the open's read found anything unfinished or reserved (``recoverAfterOpening()``); `true` once used.
    var unfinishedAtOpen: Bool
    /// NUT-17 notifications, when the host supplies a transport (waiting polls without one).
    var subscriptions: (any SubscriptionTransport)?
    /// NUT-22: the top-up of each mint's blind auth token pool under way, shared by the requests that wait for it.
    var blindAuthTopUps: [MintURL: Task<Result<Int, WalletError>, Never>] = [:]
    /// NUT-22: when and why a mint's last top-up failed (see ``takeBlindAuthToken(_:)``).
    var blindAuthTopUpFailures: [MintURL: (at: ContinuousClock.Instant, error: WalletError)] = [:]
    /// NUT-22: each mint's verified `auth` keyset, once fetched in this process.
    var blindAuthKeysets: [MintURL: BlindAuthKeyset] = [:]
    /// Where the wallet's events go (``events(bufferingNewest:)``); a host adds its own (queue, reachability).
    package nonisolated let eventHub = WalletEvents()
    /// The timers that release prepared operations nobody confirmed (``startHoldTimer(_:expiresAt:)``).
    var holdTimers: [OperationID: Task<Void, Never>] = [:]
    /// The last balance told to subscribers, per mint and unit (``emitBalance(_:unit:)`` tells only changes).
    var toldBalances: [MintURL: [CurrencyUnit: UInt64]] = [:]
    /// Operations whose outcome is told by another's (the parts of a receive in several swaps).
    var quietOutcomes: Set<OperationID> = []

    init(
        store: any WalletStore, secureStore: any SecureStore, secrets: DeterministicSecrets,
        connectorFactory: @escaping @Sendable (MintURL) -> any MintConnector, options: WalletOptions, logger: Logger,
        leases: (any OperationLeases)? = nil, subscriptions: (any SubscriptionTransport)? = nil,
        unfinishedAtOpen: Bool = true
    ) {
        self.store = store
        self.unfinishedAtOpen = unfinishedAtOpen
        self.subscriptions = subscriptions
        self.leases = leases ?? store.operationLeases
        self.secureStore = secureStore
        self.connectorFactory = connectorFactory
        self.options = options
        self.logger = logger
        self.outputs = OutputFactory(secrets: secrets)
        self.seedKeys = WalletSeedKeys(secrets)
    }

    /// The metadata key under which a store records which recovery phrase its wallet belongs to (a non-secret
    /// fingerprint): a store that has it holds a wallet.
    package static let seedFingerprintKey = WalletSecrets.fingerprintKey

    /// Opens a wallet: loads its mnemonic from the secure store (creating and saving one for a new wallet, or
    /// saving `mnemonic` when restoring), then resumes unfinished operations unless `recover` is false.
    /// - Parameters:
    ///   - store: where the wallet keeps its data (`WalletStorage.sqlite(path:)`).
    ///   - secureStore: where the mnemonic and quote keys live.
    ///   - mnemonic: the mnemonic to use for a new wallet (restore); must match a stored one.
    ///   - connections: how the wallet reaches its mints (`MintConnections.http(client:proxied:)`).
    ///   - options: tunables.
    ///   - logger: where the wallet logs (fixed messages, no secrets).
    ///   - recover: resume unfinished operations now (no request is made when there are none).
    /// - Throws: ``WalletError`` (`secureStore`, `invalidInput` when `mnemonic` differs from the stored one).
    ///
    /// The wallet polls while it waits for quotes and pending melts; `LinuxWallet` (LinuxCashu) opens one that waits
    /// on the mints' NUT-17 WebSockets instead.
    public static func open(
        store: WalletStorage, secureStore: any SecureStore, mnemonic: Mnemonic? = nil,
        connections: MintConnections, options: WalletOptions = WalletOptions(),
        logger: Logger = Logger(label: "cashu.wallet", factory: { _ in SwiftLogNoOpLogHandler() }),
        recover: Bool = true
    ) async throws(WalletError) -> Wallet {
        try await open(
            store: store.store, secureStore: secureStore, mnemonic: mnemonic, connectorFactory: connections.connector,
            options: options, logger: logger, recover: recover)
    }

    /// Opens a wallet: loads its mnemonic from the secure store (creating and saving one for a new wallet, or
    /// saving `mnemonic` when restoring), then resumes unfinished operations unless `recover` is false.
    /// - Parameters:
    ///   - store: the durable store.
    ///   - secureStore: where the mnemonic and quote keys live.
    ///   - mnemonic: the mnemonic to use for a new wallet (restore); must match a stored one.
    ///   - connectorFactory: builds the connector for a mint.
    ///   - options: tunables.
    ///   - logger: where the wallet logs (fixed messages, no secrets).
    ///   - recover: resume unfinished operations now (no request is made when there are none).
    ///   - leases: the operation leases to use instead of the store's own (``WalletStore/operationLeases``); every
    ///     wallet on the store must use the same ones.
    ///   - subscriptions: NUT-17 notifications (a WebSocket client), used to wait for quotes and pending melts
    ///     where the mint advertises them; without one the wallet polls.
    /// - Throws: ``WalletError`` (`secureStore`, `invalidInput` when `mnemonic` differs from the stored one).
    package static func open(
        store: any WalletStore, secureStore: any SecureStore, mnemonic: Mnemonic? = nil,
        connectorFactory: @escaping @Sendable (MintURL) -> any MintConnector, options: WalletOptions = WalletOptions(),
        logger: Logger = Logger(label: "cashu.wallet", factory: { _ in SwiftLogNoOpLogHandler() }),
        recover: Bool = true, leases: (any OperationLeases)? = nil,
        subscriptions: (any SubscriptionTransport)? = nil
    ) async throws(WalletError) -> Wallet {
        // The store remembers which seed it belongs to: a wallet whose mnemonic went missing (a reset keyring, a
        // moved database) must not quietly get a new one, and a wrong mnemonic must not be mixed in.
        let state = try await WalletOpening.storeState(store)
        let seed = try await WalletOpening.seed(
            store: store, secureStore: secureStore, given: mnemonic, known: state.fingerprint)
        let secrets: DeterministicSecrets
        do { secrets = try DeterministicSecrets(seed: seed) } catch {
            throw WalletError(.crypto, "cannot derive the seed", underlying: error)
        }
        // Before anything else is written: from here on the store seals what it writes (and seals what it has).
        let sealer = try await WalletSealing.start(
            store: store, seed: seed, generation: state.generation, hasPlaintext: state.hasPlaintext, logger: logger)
        let wallet = Wallet(
            store: store, secureStore: secureStore, secrets: secrets, connectorFactory: connectorFactory,
            options: options, logger: logger, leases: leases, subscriptions: subscriptions,
            unfinishedAtOpen: state.hasUnfinishedWork)
        await wallet.setSealer(sealer)
        if recover { _ = await wallet.recoverAfterOpening() }
        return wallet
    }

    /// Sets (or, with `nil`, removes) the NUT-17 transport the wallet waits through; for hosts that connect it
    /// after opening the wallet.
    package func setSubscriptionTransport(_ transport: (any SubscriptionTransport)?) {
        subscriptions = transport
    }

    /// Installs a hook called at each step of every operation (tests kill the process there). Test-only surface:
    /// `@_spi(Testing) import CoreCashu` to see it.
    @_spi(Testing)
    public func setStepHook(_ hook: (@Sendable (WalletStep, OperationKind) -> Void)?) {
        stepHook = hook
    }

    func step(_ step: WalletStep, _ kind: OperationKind) {
        stepHook?(step, kind)
    }

    /// The connector of a mint (one per mint, reused).
    func connector(_ mint: MintURL) async -> any MintConnector {
        if let existing = connectors[mint] { return existing }
        let generation = connectorGenerations[mint, default: 0]
        let capabilities = try? await capabilities(of: mint)
        // Another task may have made it while this one read the store.
        if let existing = connectors[mint] { return existing }
        let events = eventHub
        var made: any MintConnector = LoginWatchingConnector(base: connectorFactory(mint)) { mint in
            events.publish(.loginNeeded(mint: mint))
        }
        if let capabilities {
            made = made.configured(with: capabilities)
            if let blindAuth = capabilities.blindAuth {
                made = made.authenticatingBlindly(blindAuth, tokens: WalletBlindAuthTokens(wallet: self))
            }
        }
        // Cached only if the mint's info did not change meanwhile (what was read may be the old info).
        guard connectorGenerations[mint, default: 0] == generation else { return made }
        connectors[mint] = made
        return made
    }

    /// Runs a read transaction, mapping store failures.
    func read<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws(WalletError) -> T {
        do { return try await store.read(body) } catch { throw WalletError.storage(error) }
    }

    /// Runs the write that settles an operation the mint has acted on. A store failure here (a full disk) leaves the
    /// operation open for recovery, so it is reported as `pending`, not as a failure.
    func settleWrite<T: Sendable>(
        _ id: OperationID, _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws(WalletError) -> T {
        do { return try await write(body) } catch where error.code == .storage {
            throw WalletError(
                .pending,
                "the mint answered but the outcome could not be stored (\(error.reason)); recovery settles it",
                operationID: id, underlying: error)
        }
    }

    /// Runs a write transaction, mapping store failures.
    func write<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws(WalletError) -> T {
        do { return try await store.write(body) } catch { throw WalletError.storage(error) }
    }
}
