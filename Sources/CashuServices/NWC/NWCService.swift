// NIP-47 — Nostr Wallet Connect: the wallet service's relay loop — requests to every live connection received on the
// union of their relays, each handed to the request handler and its response published; info events announced,
// payments of unknown outcome reconciled, connections added or revoked picked up while it runs.

import CashuNostr
import CoreCashu
import Foundation
import Logging
import ServiceLifecycle

/// Serves a wallet's connections (`NWCWalletStore`) until cancelled or shut down gracefully.
///
/// At start, and every `NWCServiceSettings.reconcileInterval`, the payments whose outcome was not known are looked
/// up again (their budget settled or released). Every `NWCServiceSettings.pollInterval` the store is read: a
/// connection added since is announced (its info event, kind 13194) and subscribed to, a revoked or expired one is
/// dropped from the subscription (and its requests, should any arrive, get no answer). Each request is handled once,
/// ever (the store records it before anything is done), concurrently with others; its response is published to the
/// connection's relays, retried a few times. Invoices made through a connection are watched, minted once paid, and
/// announced to its client (`payment_received`); a payment made gets `payment_sent`.
///
/// Nothing is logged of a request's content, a key or a connection URI: connection ids, methods, error codes and
/// counts only.
public struct NWCService: Service, CustomStringConvertible {
    /// The wallet engine that pays and makes invoices.
    let engine: Wallet
    /// The relay client, asked for when the service starts.
    let relayAccess: @Sendable () throws(NostrError) -> any NostrRelayAccess
    /// The connections, handled requests and budgets.
    package let store: NWCWalletStore
    let configuration: NWCServiceConfiguration
    let settings: NWCServiceSettings
    let logger: Logger
    let onEvent: @Sendable (NWCServiceEvent) -> Void

    /// A service.
    ///
    /// - Parameters:
    ///   - engine: the open wallet's engine (it stays open; the caller closes it).
    ///   - walletStore: the wallet's store (the connections' public records, handled requests and budgets).
    ///   - secureStore: the wallet's secure store (the connections' service keys).
    ///   - relayAccess: the relay client; it throws `NostrError` `.relayUnreachable` when there is none.
    ///   - configuration: what the handler serves and which requests it takes.
    ///   - settings: the loop's intervals.
    ///   - logger: fixed messages, no secrets.
    ///   - onEvent: told of each step (tests, hosts).
    package init(
        engine: Wallet, walletStore: any WalletStore, secureStore: any SecureStore,
        relayAccess: @escaping @Sendable () throws(NostrError) -> any NostrRelayAccess,
        configuration: NWCServiceConfiguration = NWCServiceConfiguration(),
        settings: NWCServiceSettings = NWCServiceSettings(), logger: Logger,
        onEvent: @escaping @Sendable (NWCServiceEvent) -> Void = { _ in }
    ) {
        self.engine = engine
        self.relayAccess = relayAccess
        self.store = NWCWalletStore(store: walletStore, secureStore: secureStore, configuration: configuration)
        self.configuration = configuration
        self.settings = settings
        self.logger = logger
        self.onEvent = onEvent
    }

    /// Fixed: swift-service-lifecycle logs its services' descriptions.
    public var description: String { "NWCService" }

    /// Serves until a graceful shutdown or cancellation (swift-service-lifecycle).
    public func run() async throws {
        await cancelWhenGracefulShutdown { await self.serve() }
    }

    /// Serves until the task is cancelled.
    package func serve() async {
        let access: any NostrRelayAccess
        do { access = try relayAccess() } catch {
            logger.error("wallet connect service cannot reach relays", metadata: ["error": "\(error.code)"])
            return
        }
        let (inbound, continuation) = AsyncStream.makeStream(
            of: NostrEvent.self, bufferingPolicy: .bufferingNewest(256))
        logger.notice("wallet connect service started")
        await withDiscardingTaskGroup { group in
            group.addTask { await self.maintain(access: access, inbound: continuation) }
            for await event in inbound {
                group.addTask { await self.handle(event, access: access) }
            }
            group.cancelAll()
        }
        logger.notice("wallet connect service stopped")
    }

    /// The loop over the store: reconciliation, subscription, announcements, invoices. Ends `inbound` when done.
    private func maintain(access: any NostrRelayAccess, inbound: AsyncStream<NostrEvent>.Continuation) async {
        var plan: NWCSubscriptionPlan?
        var subscription: Task<Void, Never>?
        var subscriptionEnd = NWCSubscriptionEnd()
        var announced: Set<String> = []
        var nextReconcile = ContinuousClock.now
        let watched = NWCWatchedInvoices()
        defer {
            subscription?.cancel()
            inbound.finish()
        }
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                guard let records = try? await store.records() else {
                    logger.warning("wallet connect service cannot read its connections")
                    try? await Task.sleep(for: settings.pollInterval)
                    continue
                }
                if ContinuousClock.now >= nextReconcile {
                    await reconcile(records)
                    nextReconcile = ContinuousClock.now + settings.reconcileInterval
                }
                let now = NostrClock.now()
                let next = NWCSubscriptionPlan(records, at: now)
                if next != plan || subscriptionEnd.isSet {
                    if subscriptionEnd.isSet { logger.warning("wallet connect subscription ended; subscribing again") }
                    subscription?.cancel()
                    subscriptionEnd = NWCSubscriptionEnd()
                    subscription = next.isEmpty ? nil : Self.subscribe(next, since: now - settings.catchUpSeconds,
                        access: access, into: inbound, end: subscriptionEnd)
                    plan = next
                    logger.info(
                        "wallet connect subscription",
                        metadata: ["connections": "\(next.servicePublicKeys.count)", "relays": "\(next.relays.count)"])
                    onEvent(.subscribed(connections: next.servicePublicKeys.count, relays: next.relays.count))
                }
                for record in records where record.isActive(at: now) && !announced.contains(record.id) {
                    if await announce(record, access: access) { announced.insert(record.id) }
                }
                let invoices = ((try? await store.madeInvoices()) ?? []).suffix(settings.maximumWatchedInvoices)
                for invoice in invoices where watched.insert(invoice.paymentHash) {
                    group.addTask {
                        await self.watch(invoice, access: access)
                        watched.remove(invoice.paymentHash)
                    }
                }
                try? await Task.sleep(for: settings.pollInterval)
            }
        }
    }

    /// A task forwarding every event of one subscription to `inbound`, until cancelled; `end` is set when the
    /// stream ends on its own (every relay closed it), so the loop subscribes again.
    private static func subscribe(
        _ plan: NWCSubscriptionPlan, since: Int64, access: any NostrRelayAccess,
        into inbound: AsyncStream<NostrEvent>.Continuation, end: NWCSubscriptionEnd
    ) -> Task<Void, Never> {
        let stream = access.subscribe([plan.filter(since: since)], on: plan.relays)
        return Task {
            for await event in stream { inbound.yield(event) }
            if !Task.isCancelled { end.set() }
        }
    }

    /// Handles one event and publishes its response.
    private func handle(_ event: NostrEvent, access: any NostrRelayAccess) async {
        guard let target = event.firstTagValue("p"), let records = try? await store.records(),
            let record = records.first(where: { $0.servicePublicKey.hex == target })
        else {
            onEvent(.ignored(.notAddressedToService))
            return
        }
        let backend = CashuWalletBackend(wallet: engine, mint: record.mint)
        let handler = NWCRequestHandler(store: store, backend: backend, configuration: configuration)
        switch await handler.handle(event) {
        case .ignored(let reason):
            logger.debug("wallet connect event ignored", metadata: ["reason": "\(reason)"])
            onEvent(.ignored(reason))
        case .respond(let reply):
            let published = await publish(reply.event, to: reply.relays, access: access)
            let code = reply.response.error?.code
            logger.info(
                "wallet connect request answered",
                metadata: [
                    "connection": "\(reply.connectionID)", "method": "\(reply.response.resultType)",
                    "error": "\(code.map(\.rawValue) ?? "none")", "published": "\(published)",
                ])
            onEvent(
                .answered(
                    connectionID: reply.connectionID, method: reply.response.resultType, error: code,
                    published: published))
            await followUp(reply, record: record, handler: handler, backend: backend, access: access)
        }
    }

    /// After a response: an invoice made is remembered (to be watched), a payment made is announced.
    private func followUp(
        _ reply: NWCReply, record: NWCConnectionRecord, handler: NWCRequestHandler, backend: CashuWalletBackend,
        access: any NostrRelayAccess
    ) async {
        switch reply.response.result {
        case .transaction(let made) where reply.response.resultType == NWCMethod.makeInvoice.rawValue:
            let invoice = NWCMadeInvoice(
                paymentHash: made.paymentHash, connectionID: record.id, createdAt: made.createdAt,
                expiresAt: made.expiresAt)
            do { try await store.recordInvoice(invoice) } catch {
                logger.warning("wallet connect cannot remember an invoice", metadata: ["error": "\(error.code)"])
            }
        case .payment:
            // The payment hash from the ledger's spend of this request (a mint's preimage may not hash to it).
            guard let requestID = reply.event.firstTagValue("e"),
                let ledger = try? await store.ledger(connectionID: record.id),
                let hash = ledger.spends.first(where: { $0.requestID == requestID })?.paymentHash,
                let sent = try? await backend.lookupInvoice(paymentHash: hash, invoice: nil),
                sent.type == .outgoing, sent.state == .settled
            else { return }
            await notify(.paymentSent(sent), record: record, handler: handler, access: access)
        default:
            break
        }
    }

    /// Publishes the notification to the connection's client, if it takes it.
    func notify(
        _ notification: NWCNotification, record: NWCConnectionRecord, handler: NWCRequestHandler,
        access: any NostrRelayAccess
    ) async {
        guard let connection = try? await store.connection(servicePublicKey: record.servicePublicKey),
            let events = try? handler.notificationEvents(notification, for: connection)
        else { return }
        for event in events { _ = await publish(event, to: connection.relays, access: access) }
    }

    /// Publishes the info event of a live connection; `false` when no relay took it (tried again next poll).
    private func announce(_ record: NWCConnectionRecord, access: any NostrRelayAccess) async -> Bool {
        guard let connection = try? await store.connection(servicePublicKey: record.servicePublicKey) else {
            return false
        }
        let handler = NWCRequestHandler(
            store: store, backend: CashuWalletBackend(wallet: engine, mint: record.mint),
            configuration: configuration)
        guard let event = try? handler.infoEvent(for: connection) else { return false }
        return await access.publish(event, to: connection.relays).isPublished
    }

    /// Publishes `event`, up to ``NWCServiceSettings/publishAttempts`` times until a relay takes it.
    func publish(_ event: NostrEvent, to relays: [NostrRelayURL], access: any NostrRelayAccess) async -> Bool {
        for attempt in 0..<settings.publishAttempts {
            if attempt > 0 {
                do { try await Task.sleep(for: .seconds(attempt)) } catch { return false }
            }
            if await access.publish(event, to: relays).isPublished { return true }
        }
        logger.warning("wallet connect could not publish an event", metadata: ["kind": "\(event.kind)"])
        return false
    }

    /// Looks up each connection's payments whose outcome was not known, revoked connections' too (their budget
    /// record stays accurate).
    private func reconcile(_ records: [NWCConnectionRecord]) async {
        for record in records {
            guard let ledger = try? await store.ledger(connectionID: record.id),
                ledger.spends.contains(where: { $0.state == .pending })
            else { continue }
            let handler = NWCRequestHandler(
                store: store, backend: CashuWalletBackend(wallet: engine, mint: record.mint),
                configuration: configuration)
            // Reconciliation reads the connection's id only: a revoked one, whose key is gone, gets a stand-in key.
            let connection = NWCConnection(
                id: record.id, name: record.name, clientPublicKey: record.clientPublicKey, serviceKeys: .random(),
                relays: record.relays, methods: record.methods, createdAt: record.createdAt)
            do {
                let result = try await handler.reconcilePendingPayments(of: connection)
                logger.info(
                    "wallet connect payments reconciled",
                    metadata: [
                        "connection": "\(record.id)", "settled": "\(result.settled.count)",
                        "released": "\(result.released.count)", "pending": "\(result.stillPending.count)",
                    ])
                onEvent(.reconciled(connectionID: record.id, result))
            } catch {
                logger.warning("wallet connect cannot reconcile payments", metadata: ["connection": "\(record.id)"])
            }
        }
    }
}
