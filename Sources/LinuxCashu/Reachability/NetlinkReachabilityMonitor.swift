// Reachability: per-mint reachability from rtnetlink link/address events plus an active probe of each mint
// (NUT-06 `/v1/info`), with exponential backoff and jitter while a mint is unreachable.

import CashuServices
import CoreCashu
import Foundation
import Logging

/// Watches mints and publishes their reachability as an `AsyncStream`.
///
/// Each watched mint has a probe loop: it probes at once, then every ``ReachabilityConfiguration/reachableInterval``
/// while the mint answers, and on an exponential schedule with jitter (capped at
/// ``ReachabilityConfiguration/maximumBackoff``) while it does not. Any rtnetlink event (a link going up or down,
/// carrier lost, an address added or removed, or lost events) resets every mint's backoff and probes again after a
/// short settle delay, so a wallet notices a network change within a probe's time instead of a backoff's.
///
/// `start(netlink:)` opens the netlink socket; ``shutdown()`` stops the loops, closes the socket and finishes every
/// stream. Nothing here logs a URL's query or any secret: probes are `GET /v1/info`.
package actor NetlinkReachabilityMonitor: MintReachabilityMonitor {
    /// Where changes are also told as wallet events.
    var eventHub: WalletEvents?
    private struct Watch {
        var state: MintReachability = .unknown
        var failures = 0
        /// Bumped each time the loop is replaced; a replaced loop's late results are dropped.
        var generation = 0
        var loop: Task<Void, Never>?
        var probing = false
        /// A network event arrived during a probe: probe again soon after it.
        var wakeRequested = false
    }

    private let probe: any MintReachabilityProbe
    private let schedule: ProbeSchedule
    private let logger: Logger
    private var watches: [MintURL: Watch] = [:]
    private var subscribers: [UUID: AsyncStream<ReachabilityUpdate>.Continuation] = [:]
    private var source: NetlinkEventSource?
    private var eventTask: Task<Void, Never>?
    private var isShutDown = false
    /// How many netlink events arrived (for tests and diagnostics).
    package private(set) var networkEventCount = 0

    /// Creates a monitor; call ``start(netlink:)`` to listen to the kernel.
    /// - Parameters:
    ///   - probe: how a mint is checked (``MintInfoProbe`` in production).
    ///   - configuration: the probe schedule.
    ///   - logger: fixed messages with the mint's host and state; never a secret.
    package init(
        probe: any MintReachabilityProbe,
        configuration: ReachabilityConfiguration = ReachabilityConfiguration(),
        logger: Logger = Logger(label: "cashu.reachability", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.probe = probe
        self.schedule = ProbeSchedule(configuration: configuration)
        self.logger = logger
    }

    deinit {
        // A monitor released without shutdown() must not leave its reader thread and socket behind.
        source?.requestStop()
        eventTask?.cancel()
        for watch in watches.values { watch.loop?.cancel() }
        for continuation in subscribers.values { continuation.finish() }
    }

    /// Opens the rtnetlink socket (link and IPv4/IPv6 address groups) and reacts to its events.
    /// - Parameter netlink: `false` to rely on probes alone (where AF_NETLINK is not available).
    /// - Throws: ``ReachabilityError`` `netlinkUnavailable` when the socket cannot be opened, `shutDown` after
    ///   ``shutdown()``.
    package func start(netlink: Bool = true) throws(ReachabilityError) {
        guard !isShutDown else { throw ReachabilityError(.shutDown, "the monitor was shut down") }
        guard netlink, source == nil else { return }
        let opened = try NetlinkEventSource()
        source = opened
        eventTask = Task { [weak self] in
            for await event in opened.events {
                await self?.networkChanged(event)
            }
        }
    }

    /// Whether the monitor listens to rtnetlink.
    package var isListeningToNetlink: Bool { source != nil }

    package func watch(_ mint: MintURL) {
        guard !isShutDown, watches[mint] == nil else { return }
        watches[mint] = Watch()
        publish(mint, .unknown)
        restartLoop(mint, after: .zero)
    }

    package func unwatch(_ mint: MintURL) {
        guard let watch = watches.removeValue(forKey: mint) else { return }
        watch.loop?.cancel()
    }

    package func state(of mint: MintURL) -> MintReachability {
        watches[mint]?.state ?? .unknown
    }

    /// Every watched mint's state.
    package func states() -> [MintURL: MintReachability] {
        watches.mapValues(\.state)
    }

    package func updates() -> AsyncStream<ReachabilityUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ReachabilityUpdate.self,
            bufferingPolicy: .bufferingNewest(256)
        )
        guard !isShutDown else {
            continuation.finish()
            return stream
        }
        for (mint, watch) in watches { continuation.yield(ReachabilityUpdate(mint: mint, state: watch.state)) }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeSubscriber(id) }
        }
        return stream
    }

    /// Probes `mint` now (watching it if it is not) and returns what the probe found.
    package func probeNow(_ mint: MintURL) async -> MintReachability {
        watch(mint)
        let found = await probe.probe(mint)
        guard !isShutDown, watches[mint] != nil else { return found }
        record(mint, found)
        return found
    }

    /// Stops every probe loop, closes the netlink socket and finishes every stream. Idempotent.
    package func shutdown() async {
        guard !isShutDown else { return }
        isShutDown = true
        for watch in watches.values { watch.loop?.cancel() }
        watches = [:]
        let closing = source
        source = nil
        await closing?.shutdown()
        eventTask?.cancel()
        eventTask = nil
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    // MARK: Events and probe loops

    private func networkChanged(_ event: NetlinkEvent) {
        guard !isShutDown else { return }
        networkEventCount += 1
        logger.debug("network changed", metadata: ["event": "\(Self.summary(event))"])
        for mint in watches.keys {
            guard var watch = watches[mint] else { continue }
            watch.failures = min(watch.failures, 1)
            if watch.probing {
                watch.wakeRequested = true
                watches[mint] = watch
            } else {
                watches[mint] = watch
                restartLoop(mint, after: schedule.configuration.settleDelay)
            }
        }
    }

    private func restartLoop(_ mint: MintURL, after delay: Duration) {
        guard var watch = watches[mint] else { return }
        watch.loop?.cancel()
        watch.generation += 1
        let generation = watch.generation
        watch.loop = Task { [weak self] in
            var wait = delay
            while !Task.isCancelled {
                if wait > .zero {
                    do { try await Task.sleep(for: wait) } catch { return }
                }
                guard let self, let next = await self.probeOnce(mint, generation: generation) else { return }
                wait = next
            }
        }
        watches[mint] = watch
    }

    /// Probes, records the state, and returns the wait before the next probe (`nil` when this loop was replaced).
    private func probeOnce(_ mint: MintURL, generation: Int) async -> Duration? {
        guard var watch = watches[mint], watch.generation == generation else { return nil }
        watch.probing = true
        watch.wakeRequested = false
        watches[mint] = watch
        let found = await probe.probe(mint)
        guard var after = watches[mint], after.generation == generation else { return nil }
        after.probing = false
        watches[mint] = after
        record(mint, found)
        guard let recorded = watches[mint] else { return nil }
        if recorded.wakeRequested {
            watches[mint]?.wakeRequested = false
            return schedule.configuration.settleDelay
        }
        return schedule.delay(after: found, failures: recorded.failures, random: Double.random(in: 0..<1))
    }

    private func record(_ mint: MintURL, _ found: MintReachability) {
        guard var watch = watches[mint] else { return }
        watch.failures = found.isReachable ? 0 : watch.failures + 1
        let changed = watch.state != found
        watch.state = found
        watches[mint] = watch
        if changed {
            logger.info("mint reachability changed", metadata: ["mint": "\(mint)", "state": "\(found)"])
            publish(mint, found)
        }
    }

    private func publish(_ mint: MintURL, _ state: MintReachability) {
        let update = ReachabilityUpdate(mint: mint, state: state)
        for continuation in subscribers.values { continuation.yield(update) }
        switch state {
        case .reachable: eventHub?.publish(.mintReachability(mint: mint, reachable: true))
        case .unreachable: eventHub?.publish(.mintReachability(mint: mint, reachable: false))
        case .unknown: break
        }
    }

    /// Tells changes to a wallet's event stream too (``WalletEvent/mintReachability(mint:reachable:)``).
    func tellEvents(to hub: WalletEvents) {
        eventHub = hub
    }

    private func removeSubscriber(_ id: UUID) {
        subscribers[id] = nil
    }

    private static func summary(_ event: NetlinkEvent) -> String {
        switch event {
        case .link(let link):
            "link \(link.name ?? "#\(link.index)") \(link.removed ? "removed" : link.isUp ? "up" : "down")"
                + (link.hasCarrier ? "" : " no-carrier")
        case .address(let address): "address \(address.removed ? "removed" : "added") on #\(address.index)"
        case .overrun: "events lost"
        }
    }
}
