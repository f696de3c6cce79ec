// NIP-01 — one relay's socket: connecting (bounded, one attempt at a time), reading, losing the connection, and
// reconnecting with backoff while live subscriptions need it.

import CashuNostr
import CoreCashu
import Foundation
import Logging

extension NostrRelayConnection {
    /// Starts a connection attempt unless one is under way; its end flushes the queue or fails what waits.
    func startConnecting() {
        guard connecting == nil, !isShutdown else { return }
        let (relay, configuration, group, logger, proxy) = (relay, configuration, group, logger, proxy)
        connecting = Task { [weak self] in
            let opened: Result<WebSocketConnection, SubscriptionError>
            if let url = URL(string: relay.string) {
                do throws(SubscriptionError) {
                    opened = .success(
                        try await WebSocketConnection.open(
                            url: url, configuration: configuration.webSocket, group: group, logger: logger,
                            proxy: proxy))
                } catch {
                    opened = .failure(error)
                }
            } else {
                opened = .failure(SubscriptionError(.unreachable, "not a URL"))
            }
            guard let self else {
                if case .success(let socket) = opened { socket.abandon() }
                return
            }
            await self.adopt(opened)
        }
    }

    /// Takes a new connection into use and flushes the queue, or fails what cannot wait for another attempt.
    private func adopt(_ opened: Result<WebSocketConnection, SubscriptionError>) {
        connecting = nil
        switch opened {
        case .failure(let error):
            let reason = Self.reason(error)
            logger.debug("relay connection failed", metadata: ["error": "\(error.code)"])
            failWaiting(reason)
            if subscriptions.values.contains(where: \.persistent) { scheduleReconnect() }
        case .success(let new):
            guard !isShutdown else {
                new.abandon(grace: configuration.closeTimeout)
                return
            }
            dropConnection()
            generation += 1
            socket = new
            startReading(new, generation: generation)
            logger.debug("relay connected", metadata: ["generation": "\(generation)"])
            flush()
            lingerIfUnused()
        }
    }

    /// Forgets the current connection (its late frames are ignored by generation) and stops its reader.
    func dropConnection() {
        reader?.cancel()
        reader = nil
        socket = nil
        generation += 1
    }

    /// Fails the publishes and fetches that waited for a connection that did not come.
    private func failWaiting(_ reason: String) {
        for publish in publishes where publish.sentGeneration == nil {
            publish.answer.complete(.unreachable(reason))
        }
        for (id, subscription) in subscriptions where !subscription.persistent {
            subscriptions[id] = nil
            subscription.sink(.failed(reason))
        }
    }

    private func startReading(_ connection: WebSocketConnection, generation: Int) {
        reader = Task { [weak self] in
            for await frame in connection.inbound {
                guard case .text(let text) = frame else { continue }
                await self?.received(text, generation: generation)
            }
            await self?.connectionClosed(generation: generation)
        }
    }

    /// The connection of `generation` closed: what was sent on it and needs an answer fails; live subscriptions
    /// wait for the reconnection; what was queued and not yet sent gets a new connection now.
    private func connectionClosed(generation: Int) {
        guard generation == self.generation, socket != nil else { return }
        dropConnection()
        for publish in publishes where publish.sentGeneration != nil {
            publish.answer.complete(.unreachable("the connection closed before the relay answered"))
        }
        for (id, subscription) in subscriptions where subscription.sentGeneration != nil {
            if subscription.persistent {
                subscriptions[id]?.sentGeneration = nil
            } else {
                subscriptions[id] = nil
                subscription.sink(.failed("the connection closed before the relay sent all stored events"))
            }
        }
        guard !isShutdown else { return }
        let live = subscriptions.values.filter(\.persistent).count
        if live > 0 {
            logger.info("relay connection lost; reconnecting", metadata: ["subscriptions": "\(live)"])
            scheduleReconnect()
        } else {
            logger.debug("relay connection closed")
        }
        let queued =
            publishes.contains { $0.sentGeneration == nil } || subscriptions.values.contains { !$0.persistent }
        if queued { startConnecting() }
    }

    /// Connects again after the backoff's next delay, while live subscriptions need the relay.
    private func scheduleReconnect() {
        guard reconnecting == nil, !isShutdown else { return }
        let delay = configuration.backoff.delay(attempt: reconnectAttempt)
        reconnectAttempt += 1
        reconnecting = Task { [weak self] in
            do { try await Task.sleep(for: delay) } catch { return }
            await self?.reconnect()
        }
    }

    private func reconnect() {
        reconnecting = nil
        guard !isShutdown, socket == nil, subscriptions.values.contains(where: \.persistent) else { return }
        logger.debug("reconnecting to the relay", metadata: ["attempt": "\(reconnectAttempt)"])
        startConnecting()
    }

    /// A text frame from the relay.
    private func received(_ text: String, generation: Int) {
        guard generation == self.generation else { return }
        let message: NostrRelayMessage
        do {
            message = try NostrRelayMessage(parsing: text, maxLength: configuration.maxMessageSize)
        } catch {
            logger.debug("ignored a malformed relay message", metadata: ["bytes": "\(text.utf8.count)"])
            return
        }
        // The relay speaks NIP-01: the next loss starts the backoff from its first delay again.
        reconnectAttempt = 0
        route(message)
    }

    /// The news of one message to whoever waits for it.
    private func route(_ message: NostrRelayMessage) {
        switch message {
        case .event(let id, let event):
            guard var subscription = subscriptions[id], subscription.sentGeneration == generation else {
                logger.debug("ignored an event for no open subscription", metadata: ["kind": "\(event.kind)"])
                return
            }
            let verdict = NostrEventScreen.check(event, against: subscription.filters)
            guard verdict == .accepted else {
                let level: Logger.Level = verdict == .invalid ? .info : .debug
                logger.log(
                    level: level, "dropped an event from the relay",
                    metadata: ["kind": "\(event.kind)", "why": "\(verdict.rawValue)"])
                return
            }
            subscription.newest = max(subscription.newest ?? event.createdAt, event.createdAt)
            subscriptions[id] = subscription
            subscription.sink(.event(event))
        case .endOfStoredEvents(let id):
            subscriptions[id]?.sink(.endOfStoredEvents)
        case .closed(let id, let reason):
            guard let subscription = subscriptions.removeValue(forKey: id) else { return }
            logger.info(
                "relay closed a subscription",
                metadata: ["prefix": "\(NostrRelayOutcome.refused(reason).prefix ?? "none")"])
            subscription.sink(.closed(reason))
            lingerIfUnused()
        case .ok(let eventID, let accepted, let reason):
            answer(eventID: eventID, outcome: NostrRelayOutcome(okAccepted: accepted, message: reason))
        case .notice(let text):
            logger.debug("relay notice", metadata: ["characters": "\(text.count)"])
        case .auth:
            // NIP-42 is not supported: what needs it is refused with `auth-required:`, which the caller sees.
            logger.debug("relay asked for NIP-42 authentication; not supported")
        }
    }

    /// Completes the publish an `OK` answers. Some relays (nostr-relay among them) send a refusal with an empty
    /// event id: it answers the oldest event sent and unanswered (a relay answers one connection's messages in
    /// order).
    private func answer(eventID: String, outcome: NostrRelayOutcome) {
        let sent = publishes.filter { $0.sentGeneration == generation }
        guard let publish = sent.first(where: { $0.eventID == eventID }) ?? (eventID.isEmpty ? sent.first : nil) else {
            logger.debug("ignored an OK for no event waiting")
            return
        }
        publishes.removeAll { $0.sequence == publish.sequence }
        publish.answerDeadline?.cancel()
        publish.answer.complete(outcome)
        logger.debug(
            "relay answered a publish",
            metadata: ["accepted": "\(outcome.isAccepted)", "prefix": "\(outcome.prefix ?? "none")"])
    }

    /// A connection failure as an outcome's reason: what failed, never more than the socket says.
    static func reason(_ error: SubscriptionError) -> String {
        switch error.code {
        case .connectTimeout: return "no WebSocket connection in time"
        default:
            guard let underlying = error.underlying else { return error.reason }
            return String("\(error.reason): \(underlying)".prefix(200))
        }
    }
}
