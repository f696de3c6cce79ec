// NUT-17 — WebSockets: JSON-RPC requests with ids and their answers; notifications routed to their subscription.

import CoreCashu
import Foundation
import Logging
import NIOCore

extension MintWebSocketClient {
    /// Sends one request and waits for its answer, within ``WebSocketConfiguration/responseTimeout``.
    /// - Throws: ``SubscriptionError`` `rejected` with the mint's JSON-RPC error, `timeout`, `connectionLost`.
    func request(on connection: WebSocketConnection, _ build: (Int64) -> WsRequest) async throws(SubscriptionError)
        -> WsResponse.Result
    {
        let id = nextRequestID
        nextRequestID += 1
        let text: String
        do {
            text = String(decoding: try JSONEncoder().encode(build(id)), as: UTF8.self)
        } catch {
            throw SubscriptionError(.unsupported, "cannot encode the request", underlying: error)
        }
        let answer = OneShot<Result<WsResponse.Result, SubscriptionError>>()
        pending[id] = answer
        defer { pending[id] = nil }
        let timer = connection.socket.eventLoop.scheduleTask(in: TimeAmount(configuration.responseTimeout)) {
            answer.complete(.failure(SubscriptionError(.timeout, "the mint did not answer in time")))
        }
        do {
            try await connection.send(text, timeout: configuration.sendTimeout)
        } catch {
            answer.complete(.failure(error))
        }
        let result = await answer.wait()
        timer.cancel()
        return try result.get()
    }

    /// One frame of the connection of `generation`.
    func received(_ frame: InboundFrame, generation: Int) {
        guard generation == self.generation else { return }
        lastHeard = .now
        switch frame {
        case .text(let text): handle(text)
        case .binary(let size): logger.debug("ignored a binary WebSocket message", metadata: ["bytes": "\(size)"])
        case .control, .closed: break
        }
    }

    /// Routes a text message: an answer to its request, a notification to its subscription's stream. Anything else
    /// (not JSON-RPC, unknown ids or subscriptions, payloads of the wrong shape) is dropped with a debug log; the
    /// message itself is never logged (it names quotes).
    private func handle(_ text: String) {
        guard let message = InboundMessage.parse(text) else {
            logger.debug("ignored a malformed WebSocket message", metadata: ["bytes": "\(text.utf8.count)"])
            return
        }
        switch message {
        case .response(let response):
            guard let id = response.id, let key = Int64(id.description), let waiter = pending[key] else {
                logger.debug("ignored an answer to no pending request")
                return
            }
            if let error = response.error {
                waiter.complete(
                    .failure(SubscriptionError(.rejected, "the mint refused the request", rpcError: error)))
            } else if let result = response.result, result.status == "OK" {
                waiter.complete(.success(result))
            } else {
                waiter.complete(.failure(SubscriptionError(.rejected, "the mint's answer is not OK")))
            }
        case .notification(let subId, let data):
            guard let subscription = live[subId] else {
                logger.debug("ignored a notification for no live subscription")
                return
            }
            do {
                let (_, payload) = try NotificationPayload.decode(data, kind: subscription.kind)
                subscription.continuation.yield(payload)
            } catch {
                logger.debug("ignored a malformed notification", metadata: ["kind": "\(subscription.kind)"])
            }
        }
    }
}
