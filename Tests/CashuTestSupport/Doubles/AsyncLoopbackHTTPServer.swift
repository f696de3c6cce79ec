// Test support: an HTTP/1.1 server on a free loopback port (SwiftNIO) whose answers an async handler computes, for
// stand-ins of third-party services that call out while answering (the npub.cash stand-in asks the mint).

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A loopback server answering each request (one per connection, `Connection: close`) with what `handler` returns.
package final class AsyncLoopbackHTTPServer: @unchecked Sendable {
    /// A request as the server read it.
    package struct Request: Sendable {
        package var method: String
        /// The path and query, as sent.
        package var uri: String
        package var headers: [(String, String)]
        package var body: [UInt8]

        /// The first header named `name` (any case).
        package func header(_ name: String) -> String? {
            headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }
    }

    /// An answer.
    package struct Response: Sendable {
        package var status: Int
        package var contentType: String
        package var body: [UInt8]

        package init(status: Int = 200, contentType: String = "application/json", body: [UInt8]) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }
    }

    /// The port it listens on.
    package let port: Int
    private let serverChannel: any Channel
    private let lock = NSLock()
    private var serving: Task<Void, Never>?

    private init(port: Int, serverChannel: any Channel) {
        self.port = port
        self.serverChannel = serverChannel
    }

    /// Starts a server on 127.0.0.1 answering with `handler`.
    package static func start(_ handler: @escaping @Sendable (Request) async -> Response) async throws
        -> AsyncLoopbackHTTPServer
    {
        let (server, port) = try await LoopbackHTTPServer.bind()
        let made = AsyncLoopbackHTTPServer(port: port, serverChannel: server.channel)
        let task = Task<Void, Never> {
            try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        group.addTask { await Self.handle(connection, handler) }
                    }
                }
            }
        }
        made.lock.withLock { made.serving = task }
        return made
    }

    /// Stops listening.
    package func shutdown() async {
        let task = lock.withLock { serving }
        serverChannel.close(promise: nil)
        await task?.value
    }

    private static func handle(
        _ connection: LoopbackHTTPServer.Connection, _ handler: @Sendable (Request) async -> Response
    ) async {
        try? await connection.executeThenClose { inbound, outbound in
            guard let (head, body) = try await inbound.firstRequest() else { return }
            let request = Request(
                method: head.method.rawValue, uri: head.uri, headers: head.headers.map { ($0.name, $0.value) },
                body: body)
            let response = await handler(request)
            try await outbound.writeCompleteResponse(
                status: response.status, contentType: response.contentType, body: response.body)
        }
    }
}
