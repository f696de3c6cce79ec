// Service: the wallet as a long-running service (`cashu daemon run`) — maintenance passes on a timer, mint quotes
// minted once paid, pending payments settled as soon as the mint says, the offline queue and the reachability
// monitor (started with the wallet), the NIP-47 wallet connections (NWCService), systemd's readiness, stopping and
// watchdog notifications; stopped gracefully through swift-service-lifecycle.

import CashuServices
import CoreCashu
import Foundation
import Logging
import ServiceLifecycle

/// Runs a ``LinuxWallet``'s background work until a graceful shutdown (or cancellation).
///
/// Open the wallet with ``LinuxWalletConfiguration/watchReachability`` set, so its offline queue runs queued
/// operations as soon as their mint can be reached. Several daemons, or a daemon and commands, on one wallet
/// cooperate through the operation leases: each operation is executed by one of them.
public struct WalletDaemon: Service {
    let wallet: LinuxWallet
    let configuration: WalletDaemonConfiguration
    let notifier: SystemdNotifier
    let logger: Logger
    let onEvent: @Sendable (WalletDaemonEvent) -> Void
    let walletConnect: NWCServiceSettings?

    /// A service that tells systemd (`NOTIFY_SOCKET`) and serves the wallet's Nostr Wallet Connect connections.
    /// - Parameters:
    ///   - wallet: the open wallet (it stays open; the caller closes it after ``run()``).
    ///   - configuration: how often to do what.
    ///   - logger: where to log (fixed messages, no secrets).
    ///   - onEvent: told of everything the wallet tells its subscribers while the service runs
    ///     (`Wallet/events(bufferingNewest:)`): mints and payments it settled by itself, queued work finished, tokens
    ///     claimed, logins needed (e.g. to show a desktop notification).
    public init(
        wallet: LinuxWallet, configuration: WalletDaemonConfiguration = WalletDaemonConfiguration(), logger: Logger,
        onEvent: @escaping @Sendable (WalletEvent) -> Void = { _ in }
    ) {
        self.init(
            wallet: wallet, configuration: configuration, notifier: SystemdNotifier(), logger: logger,
            onEvent: { event in if case .wallet(let told) = event { onEvent(told) } },
            walletConnect: NWCServiceSettings())
    }

    /// - Parameters:
    ///   - wallet: the open wallet (it stays open; the caller closes it after ``run()``).
    ///   - configuration: how often to do what.
    ///   - notifier: the service manager to tell about readiness, stopping and liveness.
    ///   - logger: where to log (fixed messages, no secrets).
    ///   - onEvent: told of what the service settled by itself (e.g. to show a desktop notification).
    ///   - walletConnect: how the NIP-47 service (`NWCService`) runs; it serves the wallet's live connections,
    ///     picking up ones added later, and idles while there are none. `nil` leaves them unserved.
    package init(
        wallet: LinuxWallet, configuration: WalletDaemonConfiguration,
        notifier: SystemdNotifier, logger: Logger,
        onEvent: @escaping @Sendable (WalletDaemonEvent) -> Void,
        walletConnect: NWCServiceSettings?
    ) {
        self.walletConnect = walletConnect
        self.wallet = wallet
        self.configuration = configuration
        self.notifier = notifier
        self.logger = logger
        self.onEvent = onEvent
    }

    public func run() async throws {
        // `cashu refresh --unless-service` (the timer) leaves the wallet to this service while it runs.
        let presence = ServicePresence.hold(in: wallet.configuration.directory.url)
        defer { withExtendedLifetime(presence) {} }
        notifier.notify("READY=1\nSTATUS=Running")
        logger.notice("wallet service ready")
        await withTaskCancellationOrGracefulShutdownHandler {
            await cancelWhenGracefulShutdown { await self.work() }
        } onCancelOrGracefulShutdown: { [notifier] in
            notifier.notify("STOPPING=1\nSTATUS=Stopping")
        }
        logger.notice("wallet service stopped")
    }

    /// Every loop, until cancelled.
    private func work() async {
        // Subscribed before the first pass, so nothing it settles goes untold.
        let events = wallet.wallet.events()
        await withDiscardingTaskGroup { group in
            group.addTask { await self.refreshLoop() }
            group.addTask { await self.addressClaimLoop() }
            group.addTask {
                for await completion in await self.wallet.queue.completions() {
                    self.onEvent(.queueCompleted(completion))
                }
            }
            group.addTask {
                for await event in events { self.onEvent(.wallet(event)) }
            }
            if let walletConnect {
                let service = NWCService(wallet: wallet, settings: walletConnect, logger: logger)
                group.addTask { await service.serve() }
            }
            if let interval = notifier.watchdogInterval {
                group.addTask { await self.watchdogLoop(every: interval / 2) }
            }
            // The scan runs here, in the group's own body, so each quote it finds gets a child task of the group.
            let watched = WatchedQuotes()
            while !Task.isCancelled {
                // Every mint is watched, so a payment another process queued runs the moment its mint is back.
                if let monitor = wallet.monitor {
                    for mint in (try? await wallet.wallet.mints()) ?? [] { await monitor.watch(mint.url) }
                }
                for quote in await quotesToWatch() where watched.insert(quote.id) {
                    group.addTask {
                        await self.watch(quote)
                        watched.remove(quote.id)
                    }
                }
                for quote in await pendingMelts() where watched.insert("melt:" + quote.id) {
                    group.addTask {
                        await self.watch(melt: quote)
                        watched.remove("melt:" + quote.id)
                    }
                }
                try? await Task.sleep(for: configuration.quoteScanInterval)
            }
        }
    }

    private func refreshLoop() async {
        while !Task.isCancelled {
            let report = await wallet.refresh()
            if !Task.isCancelled { onEvent(.refreshed(report)) }
            for failure in report.failures {
                logger.info(
                    "refresh step failed", metadata: ["step": "\(failure.step)", "code": "\(failure.error.code)"])
            }
            try? await Task.sleep(for: configuration.refreshInterval)
        }
    }

    /// npub.cash: claims what was paid to the wallet's address, while a service is set (`cashu npc address
    /// --service`), once per quote scan; the mints it makes are told as the wallet's own mint events.
    private func addressClaimLoop() async {
        while !Task.isCancelled {
            if await wallet.rememberedNpubCashService() != nil {
                do {
                    let claim = try await wallet.claimNpubCash()
                    if !claim.minted.isEmpty {
                        logger.info("claimed address payments", metadata: ["mints": "\(claim.minted.count)"])
                    }
                } catch let error as any CashuError {
                    logger.info("address claim failed", metadata: ["code": "\(error.codeName)"])
                } catch {
                    logger.info("address claim failed")
                }
            }
            try? await Task.sleep(for: configuration.quoteScanInterval)
        }
    }

    private func watchdogLoop(every interval: Duration) async {
        while !Task.isCancelled {
            notifier.notify("WATCHDOG=1")
            try? await Task.sleep(for: interval)
        }
    }

    /// Unpaid mint quotes that have not expired, made within ``WalletDaemonConfiguration/quoteAgeLimit``, newest
    /// first, at most ``WalletDaemonConfiguration/maximumWatchedQuotes``.
    private func quotesToWatch() async -> [StoredMintQuote] {
        let now = Date()
        let seconds = UInt64(max(0, now.timeIntervalSince1970))
        let oldest = now.addingTimeInterval(-TimeInterval(configuration.quoteAgeLimit.components.seconds))
        let quotes = (try? await wallet.wallet.mintQuotes()) ?? []
        let open = quotes.filter { quote in
            quote.state == .unpaid && (quote.expiry.map { $0 > seconds } ?? true) && quote.createdAt >= oldest
        }
        return Array(open.sorted { $0.createdAt > $1.createdAt }.prefix(configuration.maximumWatchedQuotes))
    }

    /// Melt quotes whose payment the mint reported in flight.
    private func pendingMelts() async -> [StoredMeltQuote] {
        ((try? await wallet.wallet.meltQuotes()) ?? []).filter { $0.state == .pending }
    }

    /// Waits for one pending payment (through NUT-17 where the mint offers it) and settles it in the wallet.
    private func watch(melt quote: StoredMeltQuote) async {
        do {
            let result = try await wallet.wallet.waitForMelt(quoteID: quote.id, timeout: configuration.quoteWaitLimit)
            onEvent(.paymentSettled(mint: quote.mintURL, amount: quote.amount, unit: quote.unit, paid: true))
            logger.notice("pending payment settled", metadata: ["state": "\(result.state)"])
        } catch where error.code == .mintRefused {
            // The payment failed; its proofs are back in the wallet.
            onEvent(.paymentSettled(mint: quote.mintURL, amount: quote.amount, unit: quote.unit, paid: false))
        } catch {
            logger.debug("payment wait ended", metadata: ["code": "\(error.code)"])
        }
    }

    /// Waits for one quote (through NUT-17 where the mint offers it) and mints it once paid.
    private func watch(_ quote: StoredMintQuote) async {
        let now = UInt64(max(0, Date().timeIntervalSince1970))
        var wait = configuration.quoteWaitLimit
        if let expiry = quote.expiry, expiry > now { wait = min(wait, .seconds(Int64(clamping: expiry - now))) }
        do {
            let settled = try await wallet.wallet.waitForMintQuote(quote.id, timeout: wait)
            guard settled.state == .paid, !Task.isCancelled else { return }
            let result = try await wallet.wallet.mintResult(quoteID: quote.id)
            logger.notice("paid quote minted", metadata: ["amount": "\(result.amount)"])
            onEvent(.minted(mint: quote.mintURL, amount: result.amount, unit: quote.unit))
        } catch {
            // Expired, not paid in time, or a mint out of reach: the next scan or refresh pass looks again.
            logger.debug("quote wait ended", metadata: ["code": "\(error.code)"])
        }
    }
}

/// The quotes being waited for, shared by the scan and the waits.
private final class WatchedQuotes: Sendable {
    private let ids = Locked(Set<String>())

    func insert(_ id: String) -> Bool { ids.withLock { $0.insert(id).inserted } }
    func remove(_ id: String) { _ = ids.withLock { $0.remove(id) } }
}
