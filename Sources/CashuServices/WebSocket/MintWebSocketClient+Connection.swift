// NUT-17 — WebSockets: connecting (one attempt shared by every caller), reading, losing the connection, and
// reconnecting with backoff and jitter, then resubscribing every live subscription.

import CoreCashu
import Foundation
import Logging

extension MintWebSocketClient {
    /// The open connection and its generation, connecting if there is none. Concurrent callers share one attempt.
    func ensureConnected(attempt: Int) async throws(SubscriptionError) -> (WebSocketConnection, Int) {
        guard !isShutdown else { throw SubscriptionError(.shutdown, "the WebSocket client was shut down") }
        if let connection, connection.isOpen { return (connection, generation) }
        let task: Task<Result<Int, SubscriptionError>, Never>
        if let connecting {
            task = connecting
        } else {
            setState(.connecting(attempt: attempt))
            let (endpoint, configuration, group, logger, proxy) = (endpoint, configuration, group, logger, proxy)
            task = Task { [weak self] in
                let opened: Result<WebSocketConnection, SubscriptionError>
                do throws(SubscriptionError) {
                    opened = .success(
                        try await WebSocketConnection.open(
                            url: endpoint, configuration: configuration, group: group, logger: logger, proxy: proxy))
                } catch {
                    opened = .failure(error)
                }
                guard let self else {
                    if case .success(let connection) = opened { connection.abandon() }
                    return .failure(SubscriptionError(.shutdown, "the WebSocket client is gone"))
                }
                return await self.adopt(opened)
            }
            connecting = task
        }
        let generation = try await task.value.get()
        guard let connection, self.generation == generation else {
            throw SubscriptionError(.connectionLost, "the WebSocket connection closed at once")
        }
        return (connection, generation)
    }

    /// Takes a new connection into use (or records the failure to make one).
    func adopt(_ opened: Result<WebSocketConnection, SubscriptionError>) -> Result<Int, SubscriptionError> {
        connecting = nil
        switch opened {
        case .failure(let error):
            if !isShutdown { setState(.disconnected) }
            logger.debug("WebSocket connect failed", metadata: ["error": "\(error.code)"])
            return .failure(error)
        case .success(let new):
            guard !isShutdown else {
                // `shutdown()` waits for this attempt, then closes what is in `connection`.
                connection = new
                return .failure(SubscriptionError(.shutdown, "the WebSocket client was shut down"))
            }
            dropConnection()
            generation += 1
            connection = new
            startReading(new, generation: generation)
            setState(.connected)
            logger.debug("WebSocket connected", metadata: ["generation": "\(generation)"])
            return .success(generation)
        }
    }

    /// Forgets the current connection (its late events are ignored by generation) and stops its tasks.
    func dropConnection() {
        reader?.cancel()
        idleWatch?.cancel()
        reader = nil
        idleWatch = nil
        connection = nil
        generation += 1
    }

    private func startReading(_ connection: WebSocketConnection, generation: Int) {
        lastHeard = .now
        reader = Task { [weak self] in
            for await frame in connection.inbound {
                await self?.received(frame, generation: generation)
            }
            await self?.connectionClosed(generation: generation)
        }
        let idleTimeout = configuration.idleTimeout
        idleWatch = Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: idleTimeout / 4) } catch { return }
                guard let self, await self.isSilent(generation: generation) else { continue }
                connection.abandon()
                return
            }
        }
    }

    private func isSilent(generation: Int) -> Bool {
        guard generation == self.generation else { return false }
        let silent = ContinuousClock.now - lastHeard > configuration.idleTimeout
        if silent { logger.info("WebSocket silent for too long; closing it") }
        return silent
    }

    /// The connection of `generation` closed: its requests fail, and live subscriptions get a reconnection.
    func connectionClosed(generation: Int) {
        guard generation == self.generation, connection != nil else { return }
        dropConnection()
        for key in live.keys { live[key]?.activeGeneration = nil }
        for waiter in pending.values {
            waiter.complete(.failure(SubscriptionError(.connectionLost, "the WebSocket connection closed")))
        }
        guard !isShutdown else { return }
        setState(.disconnected)
        if live.isEmpty {
            logger.debug("WebSocket closed; no subscriptions to keep")
        } else {
            logger.info("WebSocket connection lost; reconnecting", metadata: ["subscriptions": "\(live.count)"])
            startReconnecting()
        }
    }

    func startReconnecting() {
        guard reconnecting == nil, !isShutdown else { return }
        reconnecting = Task { [weak self] in await self?.reconnect() }
    }

    /// Reconnects while subscriptions are live, with exponential backoff and jitter; gives up after
    /// ``WebSocketConfiguration/maxReconnectAttempts`` failures.
    private func reconnect() async {
        defer { reconnecting = nil }
        var attempt = 0
        var lastError = SubscriptionError(.connectionLost, "the WebSocket connection was lost")
        while !isShutdown && !live.isEmpty {
            if let limit = configuration.maxReconnectAttempts, attempt >= limit {
                giveUp(lastError)
                return
            }
            let delay = configuration.backoff.delay(attempt: attempt)
            attempt += 1
            do { try await Task.sleep(for: delay) } catch { return }
            guard !isShutdown && !live.isEmpty else { break }
            do {
                let (connection, generation) = try await ensureConnected(attempt: attempt)
                try await resubscribeAll(on: connection, generation: generation)
                logger.info("WebSocket reconnected", metadata: ["attempt": "\(attempt)"])
                return
            } catch {
                lastError = error
                logger.debug(
                    "WebSocket reconnection failed", metadata: ["attempt": "\(attempt)", "error": "\(error.code)"])
            }
        }
        if !isShutdown && connection == nil { setState(.disconnected) }
    }

    /// Subscribes again, on a new connection, every live subscription not yet subscribed there. One the mint now
    /// refuses is finished (its consumer polls); any other failure fails the attempt.
    private func resubscribeAll(on connection: WebSocketConnection, generation: Int) async throws(SubscriptionError) {
        for subId in Array(live.keys) {
            guard let subscription = live[subId], subscription.activeGeneration != generation else { continue }
            do {
                try await subscribe(subId, subscription, on: connection, generation: generation)
            } catch where error.code == .rejected {
                logger.info("the mint refused a resubscription", metadata: ["rpcCode": "\(error.rpcError?.code ?? 0)"])
                live.removeValue(forKey: subId)?.continuation.finish()
            }
        }
    }

    /// Subscribes one live subscription on the current connection (connecting first if needed).
    func activate(_ subId: String) async throws(SubscriptionError) {
        let (connection, generation) = try await ensureConnected(attempt: 0)
        guard let subscription = live[subId], subscription.activeGeneration != generation else { return }
        try await subscribe(subId, subscription, on: connection, generation: generation)
    }

    /// Sends one `subscribe`. The subscription counts as active on `generation` while the request is out, so a
    /// resubscription running meanwhile does not send it twice.
    private func subscribe(
        _ subId: String, _ subscription: LiveSubscription, on connection: WebSocketConnection, generation: Int
    ) async throws(SubscriptionError) {
        live[subId]?.activeGeneration = generation
        do {
            _ = try await request(on: connection) { id in
                .subscribe(id: id, kind: subscription.kind, subId: subId, filters: subscription.filters)
            }
        } catch {
            if live[subId]?.activeGeneration == generation { live[subId]?.activeGeneration = nil }
            // No answer in time: the connection is not trustworthy; a reconnection follows if anything is live.
            if error.code == .timeout { connection.abandon(grace: configuration.closeTimeout) }
            throw error
        }
        if live[subId]?.activeGeneration == generation { live[subId]?.acceptedGeneration = generation }
    }

    /// Reconnection gave up: every live stream finishes, so its consumer polls.
    private func giveUp(_ error: SubscriptionError) {
        logger.warning("WebSocket reconnection gave up", metadata: ["error": "\(error.code)"])
        let subscriptions = live
        live = [:]
        for subscription in subscriptions.values { subscription.continuation.finish() }
        setState(.failed(error.code))
    }

    /// The consumer of a subscription stopped listening: unsubscribe at the mint (best effort).
    func consumerStopped(_ subId: String) async {
        guard let subscription = live.removeValue(forKey: subId) else { return }
        guard let connection, connection.isOpen, subscription.activeGeneration == generation else { return }
        do {
            _ = try await request(on: connection) { id in .unsubscribe(id: id, subId: subId) }
            logger.debug("unsubscribed", metadata: ["kind": "\(subscription.kind)"])
        } catch {
            logger.debug("unsubscribe failed", metadata: ["error": "\(error.code)"])
        }
    }
}
