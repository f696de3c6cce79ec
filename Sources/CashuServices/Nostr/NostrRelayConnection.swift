// NIP-01 — one relay's connection: a send queue of REQs and EVENTs flushed in order whenever the relay is connected,
// publishes waiting for their OK, and subscriptions asked again after each reconnection.

import CashuNostr
import CoreCashu
import Foundation
import Logging
import NIOCore

/// The single WebSocket connection (NIP-01: one per relay) that every publish, fetch and subscription to one relay
/// shares.
///
/// It connects on demand (one bounded attempt shared by every caller). Requests made meanwhile wait in the send
/// queue and go out in order once connected. When the connection is lost, publishes and fetches in flight on it
/// fail; live subscriptions are kept, and the connection comes back with backoff and asks them again (from a little
/// before the newest event received). A connection nothing uses closes after
/// ``NostrRelayPoolConfiguration/idleConnectionTimeout``.
actor NostrRelayConnection {
    nonisolated let relay: NostrRelayURL
    let configuration: NostrRelayPoolConfiguration
    let group: any EventLoopGroup
    let logger: Logger
    let proxy: NetworkProxy?

    var socket: WebSocketConnection?
    /// Bumped per connection (and when one is dropped), so late events of an old one are told apart.
    var generation = 0
    var connecting: Task<Void, Never>?
    var reconnecting: Task<Void, Never>?
    var reconnectAttempt = 0
    var reader: Task<Void, Never>?
    var lingering: Task<Void, Never>?
    var subscriptions: [String: NostrRelaySubscription] = [:]
    var publishes: [NostrRelayPublish] = []
    var nextSequence = 0
    var isShutdown = false

    init(
        relay: NostrRelayURL, configuration: NostrRelayPoolConfiguration, group: any EventLoopGroup, logger: Logger,
        proxy: NetworkProxy?
    ) {
        self.relay = relay
        self.configuration = configuration
        self.group = group
        self.proxy = proxy
        var logger = logger
        logger[metadataKey: "relay"] = "\(relay.logValue)"
        self.logger = logger
    }

    /// Sends `["EVENT", event]` (`text`) and waits for the relay's `OK`: at most
    /// ``NostrRelayPoolConfiguration/publishTimeout`` once sent, after at most the connect timeout to get connected.
    func publish(_ event: NostrEvent, text: String) async -> NostrRelayOutcome {
        guard !isShutdown else { return .unreachable("the relay pool was shut down") }
        guard publishes.count < configuration.maxPendingPublishes else {
            return .unreachable("too many events are waiting for this relay")
        }
        let sequence = takeSequence()
        let answer = OneShot<NostrRelayOutcome>()
        publishes.append(NostrRelayPublish(sequence: sequence, eventID: event.id, text: text, answer: answer))
        // A bound on the whole wait, whatever happens to the connection meanwhile.
        let limit = configuration.publishBound
        let bound = Task { [weak self] in
            do { try await Task.sleep(for: limit) } catch { return }
            await self?.expirePublish(sequence)
        }
        flush()
        let outcome = await withTaskCancellationHandler {
            await answer.wait()
        } onCancel: {
            answer.complete(.timedOut)
        }
        bound.cancel()
        if let index = publishes.firstIndex(where: { $0.sequence == sequence }) {
            publishes[index].answerDeadline?.cancel()
            publishes.remove(at: index)
        }
        lingerIfUnused()
        return outcome
    }

    /// Opens a subscription (`REQ id filters`), now or once connected; its news goes to `sink`.
    /// - Parameter persistent: kept across reconnections (a live subscription), else failed with the connection or
    ///   a failed attempt to connect (a fetch).
    func open(
        _ id: String, filters: [NostrFilter], persistent: Bool, sink: @escaping @Sendable (NostrRelaySignal) -> Void
    ) {
        guard !isShutdown else {
            sink(.failed("the relay pool was shut down"))
            return
        }
        subscriptions[id] = NostrRelaySubscription(
            sequence: takeSequence(), filters: filters, persistent: persistent, sink: sink)
        flush()
    }

    /// Ends a subscription: `CLOSE` goes out if the relay has it. Idempotent.
    func close(_ id: String) {
        guard let subscription = subscriptions.removeValue(forKey: id) else { return }
        if let socket, subscription.sentGeneration == generation {
            send(.close(subscriptionID: id), on: socket)
        }
        lingerIfUnused()
    }

    /// Fails everything waiting, closes the socket (waiting at most ``NostrRelayPoolConfiguration/closeTimeout``).
    func shutdown() async {
        guard !isShutdown else { return }
        isShutdown = true
        reconnecting?.cancel()
        lingering?.cancel()
        for publish in publishes { publish.answer.complete(.unreachable("the relay pool was shut down")) }
        let open = subscriptions
        subscriptions = [:]
        for subscription in open.values { subscription.sink(.failed("the relay pool was shut down")) }
        // A connection being opened now is dropped by `adopt`, which sees `isShutdown`.
        let current = socket
        dropConnection()
        if let current { await current.close(timeout: configuration.closeTimeout) }
    }

    /// Nothing waits on the connection: no subscription, no publish.
    var isUnused: Bool { subscriptions.isEmpty && publishes.isEmpty }

    func takeSequence() -> Int {
        nextSequence += 1
        return nextSequence
    }

    /// The deadline of a publish passed.
    func expirePublish(_ sequence: Int) {
        guard let publish = publishes.first(where: { $0.sequence == sequence }) else { return }
        let sent = publish.sentGeneration != nil
        if publish.answer.complete(sent ? .timedOut : .unreachable("no connection in time")) {
            logger.debug("relay did not answer a publish in time", metadata: ["sent": "\(sent)"])
        }
    }

    /// Sends what waits in the queue, in order, when connected; starts connecting when not.
    func flush() {
        guard !isShutdown else { return }
        guard let socket else {
            if !isUnused { startConnecting() }
            return
        }
        // A socket closing now: its reader reports it, and what is queued then gets a new connection.
        guard socket.isOpen else { return }
        lingering?.cancel()
        lingering = nil
        var due: [(sequence: Int, message: Outgoing)] = []
        for (id, subscription) in subscriptions where subscription.sentGeneration != generation {
            due.append((subscription.sequence, .request(id)))
        }
        for publish in publishes where publish.sentGeneration == nil {
            due.append((publish.sequence, .publish(publish.sequence)))
        }
        for item in due.sorted(by: { $0.sequence < $1.sequence }) {
            switch item.message {
            case .request(let id):
                guard var subscription = subscriptions[id] else { continue }
                let margin = configuration.resubscribeMarginSeconds
                let filters = subscription.filters.map { $0.resumed(newest: subscription.newest, margin: margin) }
                subscription.sentGeneration = generation
                subscriptions[id] = subscription
                send(.request(subscriptionID: id, filters: filters), on: socket)
                subscription.sink(.requested)
            case .publish(let sequence):
                guard let index = publishes.firstIndex(where: { $0.sequence == sequence }) else { continue }
                publishes[index].sentGeneration = generation
                let timeout = configuration.publishTimeout
                publishes[index].answerDeadline = Task { [weak self] in
                    do { try await Task.sleep(for: timeout) } catch { return }
                    await self?.expirePublish(sequence)
                }
                socket.socket.send(publishes[index].text)
            }
        }
    }

    private enum Outgoing {
        case request(String)
        case publish(Int)
    }

    /// Writes one message (in call order: the socket's writes keep it). A write that fails closes the connection,
    /// which the reader sees.
    func send(_ message: NostrClientMessage, on socket: WebSocketConnection) {
        guard let text = try? message.encoded() else {
            logger.debug("could not encode a message for the relay")
            return
        }
        socket.socket.send(text)
    }

    /// Closes the connection after ``NostrRelayPoolConfiguration/idleConnectionTimeout`` if nothing uses it by then.
    func lingerIfUnused() {
        guard isUnused, !isShutdown else { return }
        reconnecting?.cancel()
        reconnecting = nil
        guard socket != nil, lingering == nil else { return }
        let idle = configuration.idleConnectionTimeout
        lingering = Task { [weak self] in
            do { try await Task.sleep(for: idle) } catch { return }
            await self?.closeIfUnused()
        }
    }

    private func closeIfUnused() {
        lingering = nil
        guard isUnused, let current = socket else { return }
        logger.debug("closing an idle relay connection")
        dropConnection()
        current.abandon(grace: configuration.closeTimeout)
    }
}
