// Test support: an HTTP/1.1 reverse proxy on 127.0.0.1 in front of a real mint, with programmable faults (SwiftNIO).

import AsyncHTTPClient
import CoreCashu
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Relays every request to a mint unchanged, except the next N requests matching an armed rule, which get a
/// ``MintProxyFault`` (a lost answer, a hostile answer, a 500, garbage, a cut). It records every request it read.
///
/// A wallet must know the mint only by ``url`` (the proxy's), since it keys proofs, keysets and tokens on the URL.
/// Each connection carries one request (answers say `Connection: close`), so a fault never leaves a half-used
/// connection in the client's pool.
package final class MintProxy: @unchecked Sendable {
    /// A request as the proxy read it.
    package struct Request: Sendable, CustomStringConvertible {
        package var method: String
        package var path: String
        package var body: [UInt8]
        /// The fault it got, or `nil` when it was relayed faithfully.
        package var fault: String?

        package var description: String { "\(method) \(path)\(fault.map { " [\($0)]" } ?? "")" }
    }

    private typealias Connection = LoopbackHTTPServer.Connection
    private typealias Server = LoopbackHTTPServer.Server

    /// The mint behind the proxy.
    package let upstream: MintURL
    /// `http://127.0.0.1:<port>`: the URL the wallet must use for the mint.
    package let url: MintURL

    private let serverChannel: any Channel
    private let lock = NSLock()
    private var rules: [MintProxyRule] = []
    private var seen: [Request] = []
    private var connections: [ObjectIdentifier: any Channel] = [:]
    private var held = 0
    private var released = false
    private var serving: Task<Void, Never>?
    private var stopped = false

    private init(upstream: MintURL, serverChannel: any Channel, port: Int) throws {
        self.upstream = upstream
        self.serverChannel = serverChannel
        self.url = try MintURL("http://127.0.0.1:\(port)")
    }

    /// Starts a proxy on a free loopback port in front of `mint`.
    package static func start(inFrontOf mint: TestMint) async throws -> MintProxy {
        try await start(upstream: mint.url)
    }

    /// Starts a proxy on a free loopback port in front of `upstream`.
    package static func start(upstream: MintURL) async throws -> MintProxy {
        let (server, port) = try await LoopbackHTTPServer.bind()
        let proxy = try MintProxy(upstream: upstream, serverChannel: server.channel, port: port)
        let task = Task { await proxy.serve(server) }
        proxy.lock.withLock { proxy.serving = task }
        return proxy
    }

    // MARK: Faults and records

    /// Arms `fault` for the next `times` requests to `method path` (e.g. `POST /v1/swap`); a `path` ending in `*`
    /// matches every path it starts (`GET /v1/mint/quote/bolt11/*`).
    package func inject(_ fault: MintProxyFault, method: String = "POST", path: String, times: Int = 1) {
        lock.withLock { rules.append(MintProxyRule(method: method, path: path, fault: fault, remaining: times)) }
    }

    /// Disarms every fault: from now on every request is relayed faithfully.
    package func clearFaults() {
        lock.withLock { rules = [] }
    }

    /// How many faults are still armed (summed over rules).
    package var armedFaults: Int { lock.withLock { rules.reduce(0) { $0 + $1.remaining } } }

    /// How many answers the mint gave that a ``MintProxyFault/holdAnswer`` holds (or held): the mint acted.
    package var heldAnswers: Int { lock.withLock { held } }

    /// Relays every answer a ``MintProxyFault/holdAnswer`` holds, and any it catches from now on.
    package func releaseHeldAnswers() {
        lock.withLock { released = true }
    }

    /// Every request read so far, in arrival order.
    package var requests: [Request] { lock.withLock { seen } }

    /// The requests read so far to `method path`, in arrival order.
    package func requests(_ method: String, _ path: String) -> [Request] {
        requests.filter { $0.method == method && $0.path == path }
    }

    /// Stops listening and closes every open connection.
    package func shutdown() async {
        let (task, open) = lock.withLock { () -> (Task<Void, Never>?, [any Channel]) in
            stopped = true
            return (serving, Array(connections.values))
        }
        serverChannel.close(promise: nil)
        for channel in open { channel.close(promise: nil) }
        await task?.value
    }

    /// Records a request and takes one use of the first rule it matches.
    private func admit(method: String, path: String, body: [UInt8]) -> MintProxyFault? {
        lock.withLock {
            var fault: MintProxyFault?
            if let index = rules.firstIndex(where: { $0.matches(method: method, path: path) }) {
                rules[index].remaining -= 1
                fault = rules[index].fault
            }
            seen.append(Request(method: method, path: path, body: body, fault: fault?.description))
            return fault
        }
    }

    // MARK: Serving

    private func serve(_ server: Server) async {
        try? await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { inbound in
                for try await connection in inbound {
                    group.addTask { await self.handle(connection) }
                }
            }
        }
    }

    private func handle(_ connection: Connection) async {
        let id = ObjectIdentifier(connection.channel)
        let accepted = lock.withLock { () -> Bool in
            guard !stopped else { return false }
            connections[id] = connection.channel
            return true
        }
        defer { lock.withLock { _ = connections.removeValue(forKey: id) } }
        guard accepted else {
            try? await connection.channel.close()
            return
        }
        try? await connection.executeThenClose { inbound, outbound in
            guard let (head, body) = try await inbound.firstRequest() else { return }
            try await self.answer(head, body: body, outbound)
        }
    }

    /// Answers one request: relayed, or sabotaged by the fault it matched. The connection closes afterwards.
    private func answer(
        _ head: HTTPRequestHead,
        body: [UInt8],
        _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    ) async throws {
        let fault = admit(method: head.method.rawValue, path: head.uri, body: body)
        if case .status(let code) = fault {
            try await respond(outbound, status: code, body: Array("injected failure \(code)".utf8), type: "text/plain")
            return
        }
        if case .refusal(let code, let detail) = fault {
            let body = try JSONSerialization.data(withJSONObject: ["detail": detail, "code": code])
            try await respond(outbound, status: 400, body: Array(body), type: "application/json")
            return
        }
        if case .rateLimited(let seconds) = fault {
            try await respond(
                outbound, status: 429, body: Array(#"{"detail":"Rate limit exceeded."}"#.utf8),
                type: "application/json", extraHeaders: [("Retry-After", "\(seconds)")])
            return
        }
        let relayed: (status: Int, contentType: String, body: [UInt8])
        do {
            relayed = try await forward(head, body: body)
        } catch {
            try await respond(outbound, status: 502, body: Array("upstream failed".utf8), type: "text/plain")
            return
        }
        switch fault {
        case nil:
            try await respond(outbound, status: relayed.status, body: relayed.body, type: relayed.contentType)
        case .dropResponseAfterForwarding:
            return
        case .replaceBody(_, let transform):
            let replaced = Array(transform(Data(relayed.body)))
            try await respond(outbound, status: relayed.status, body: replaced, type: relayed.contentType)
        case .garbage:
            try await respond(
                outbound,
                status: 200,
                body: Array("<html>502 Bad Gateway</html>".utf8),
                type: "text/html"
            )
        case .cutMidResponse:
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: relayed.contentType)
            headers.add(name: "Content-Length", value: "\(relayed.body.count)")
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: relayed.body.prefix(relayed.body.count / 2)))))
        case .holdAnswer:
            lock.withLock { held += 1 }
            let deadline = ContinuousClock.now + .seconds(30)
            while !lock.withLock({ released }), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            try await respond(outbound, status: relayed.status, body: relayed.body, type: relayed.contentType)
        case .delay(let duration):
            try await Task.sleep(for: duration)
            try await respond(outbound, status: relayed.status, body: relayed.body, type: relayed.contentType)
        case .status, .refusal, .rateLimited:
            return
        }
    }

    private func respond(
        _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
        status: Int,
        body: [UInt8],
        type: String,
        extraHeaders: [(String, String)] = []
    ) async throws {
        try await outbound.writeCompleteResponse(status: status, contentType: type, headers: extraHeaders, body: body)
    }

    /// Sends the request to the mint unchanged and reads its whole answer.
    private func forward(_ head: HTTPRequestHead, body: [UInt8]) async throws
        -> (status: Int, contentType: String, body: [UInt8])
    {
        var request = HTTPClientRequest(url: upstream.appending(path: head.uri))
        request.method = head.method
        for name in ["Content-Type", "Accept"] {
            for value in head.headers[name] { request.headers.add(name: name, value: value) }
        }
        if head.method == .POST || !body.isEmpty { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await TestHTTP.client.execute(request, timeout: .seconds(60))
        let collected = try await response.body.collect(upTo: 16 * 1024 * 1024)
        let type = response.headers.first(name: "Content-Type") ?? "application/json"
        return (Int(response.status.code), type, Array(collected.readableBytesView))
    }
}
