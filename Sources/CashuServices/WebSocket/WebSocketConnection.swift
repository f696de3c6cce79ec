// NUT-17 — WebSockets: one WebSocket connection to a mint (websocket-kit), with bounded connect, probe and sends.

import CoreCashu
import Foundation
import Logging
import NIOCore
import WebSocketKit

/// One open WebSocket to a mint's `/v1/ws`. Its frames arrive in order on ``inbound``, which finishes when the
/// connection closes.
final class WebSocketConnection: Sendable {
    let socket: WebSocket
    let inbound: AsyncStream<InboundFrame>
    private let continuation: AsyncStream<InboundFrame>.Continuation
    private let probe = OneShot<ProbeOutcome>()
    private let probePayload: [UInt8]

    private init(socket: WebSocket) {
        self.socket = socket
        (inbound, continuation) = AsyncStream.makeStream(of: InboundFrame.self, bufferingPolicy: .unbounded)
        probePayload = (0..<8).map { _ in UInt8.random(in: 0...255) }
    }

    /// Installs the callbacks; websocket-kit wants them set inside its upgrade callback, before any frame arrives.
    private func install() {
        let continuation = continuation
        let probe = probe
        let probePayload = probePayload
        socket.onText { _, text in continuation.yield(.text(text)) }
        socket.onBinary { _, buffer in continuation.yield(.binary(buffer.readableBytes)) }
        socket.onPing { _, _ in continuation.yield(.control) }
        socket.onPong { _, buffer in
            if Array(buffer.readableBytesView) == probePayload { probe.complete(.answered) }
            continuation.yield(.control)
        }
        socket.onClose.whenComplete { _ in
            probe.complete(.closed)
            continuation.yield(.closed)
            continuation.finish()
        }
    }

    /// Whether the socket is still open.
    var isOpen: Bool { !socket.isClosed }

    /// Connects to `url` and probes the connection with a ping that must come back as a pong.
    ///
    /// The whole of it (TCP, HTTP upgrade, probe) is bounded by `configuration.connectTimeout`; a socket upgraded
    /// after the deadline is closed at once.
    /// - Throws: ``SubscriptionError`` `connectTimeout`, or `unreachable` (refused, upgrade refused, TLS).
    static func open(
        url: URL, configuration: WebSocketConfiguration, group: any EventLoopGroup, logger: Logger,
        proxy: NetworkProxy? = nil
    ) async throws(SubscriptionError) -> WebSocketConnection {
        let deadline = NIODeadline.now() + TimeAmount(configuration.connectTimeout)
        let upgraded = OneShot<Result<WebSocketConnection, SubscriptionError>>()
        let timer = group.any().scheduleTask(deadline: deadline) {
            upgraded.complete(.failure(SubscriptionError(.connectTimeout, "no WebSocket connection in time")))
        }
        var clientConfiguration = WebSocketClient.Configuration(maxFrameSize: configuration.maxFrameSize)
        clientConfiguration.maxAccumulatedFrameSize = configuration.maxFrameSize
        clientConfiguration.maxAccumulatedFrameCount = 1024
        let onUpgrade: @Sendable (WebSocket) -> Void = { socket in
            let connection = WebSocketConnection(socket: socket)
            connection.install()
            if !upgraded.complete(.success(connection)) {
                // Too late: the caller gave up on this attempt.
                connection.abandon()
            }
        }
        let connecting: EventLoopFuture<Void>
        if let proxy, proxy.kind == .http {
            // websocket-kit's own HTTP CONNECT support.
            var headers = HTTPHeaders()
            if let authorization = proxy.basicAuthorization {
                headers.add(name: "Proxy-Authorization", value: authorization)
            }
            connecting = WebSocket.connect(
                to: url.absoluteString, proxy: proxy.host, proxyPort: proxy.port, proxyHeaders: headers,
                proxyConnectDeadline: deadline, configuration: clientConfiguration, on: group, onUpgrade: onUpgrade)
        } else if let proxy {
            var socketConfiguration = WebSocket.Configuration()
            socketConfiguration.maxAccumulatedFrameSize = clientConfiguration.maxAccumulatedFrameSize
            socketConfiguration.maxAccumulatedFrameCount = clientConfiguration.maxAccumulatedFrameCount
            socketConfiguration.minNonFinalFragmentSize = clientConfiguration.minNonFinalFragmentSize
            connecting = SOCKSWebSocketDialer.connect(
                to: url, through: proxy, configuration: socketConfiguration,
                maxFrameSize: configuration.maxFrameSize, deadline: deadline, group: group, onUpgrade: onUpgrade)
        } else {
            connecting = WebSocket.connect(to: url, configuration: clientConfiguration, on: group, onUpgrade: onUpgrade)
        }
        connecting.whenFailure { error in
            upgraded.complete(
                .failure(SubscriptionError(.unreachable, "cannot open the WebSocket", underlying: error)))
        }
        let connection: WebSocketConnection
        do {
            connection = try await upgraded.wait().get()
        } catch {
            timer.cancel()
            throw error
        }
        // The probe shares the connect deadline.
        let probeTimer = connection.socket.eventLoop.scheduleTask(deadline: deadline) {
            connection.probe.complete(.timedOut)
        }
        timer.cancel()
        connection.socket.sendPing(Data(connection.probePayload), promise: nil)
        let outcome = await connection.probe.wait()
        probeTimer.cancel()
        switch outcome {
        case .answered:
            break
        case .timedOut:
            await connection.close(timeout: configuration.closeTimeout)
            logger.debug("WebSocket probe unanswered")
            throw SubscriptionError(.connectTimeout, "the mint did not answer the WebSocket probe in time")
        case .closed:
            logger.debug("WebSocket closed during the probe")
            throw SubscriptionError(.unreachable, "the WebSocket closed before the probe was answered")
        }
        if let interval = configuration.pingInterval {
            // websocket-kit closes the channel when a ping is not answered by the next one.
            connection.socket.pingInterval = TimeAmount(interval)
        }
        return connection
    }

    /// Writes one text frame.
    /// - Throws: ``SubscriptionError`` `timeout` when the write does not complete within `timeout`,
    ///   `connectionLost` when it fails.
    func send(_ text: String, timeout: Duration) async throws(SubscriptionError) {
        let written = OneShot<Result<Void, SubscriptionError>>()
        let promise = socket.eventLoop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { result in
            written.complete(
                result.mapError { SubscriptionError(.connectionLost, "the WebSocket write failed", underlying: $0) })
        }
        let timer = socket.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
            written.complete(.failure(SubscriptionError(.timeout, "the WebSocket write did not complete in time")))
        }
        socket.send(text, promise: promise)
        let result = await written.wait()
        timer.cancel()
        try result.get()
    }

    /// Closes the connection: the close handshake, and after `timeout` without the mint's answer the socket is
    /// dropped by the keepalive (see ``abandon()``). Returns once closed or after `timeout`.
    func close(timeout: Duration) async {
        guard isOpen else { return }
        let closed = OneShot<Void>()
        socket.onClose.whenComplete { _ in closed.complete(()) }
        let timer = socket.eventLoop.scheduleTask(in: TimeAmount(timeout)) { closed.complete(()) }
        abandon(grace: timeout)
        await closed.wait()
        timer.cancel()
    }

    /// Starts closing without waiting. websocket-kit only drops the channel once the peer answers the close frame,
    /// or when a ping goes unanswered: a short ping interval bounds how long a silent peer can hold the socket.
    func abandon(grace: Duration = .seconds(2)) {
        socket.close(code: .normalClosure, promise: nil)
        socket.pingInterval = TimeAmount(grace)
    }
}
