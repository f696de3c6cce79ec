// Test support: an HTTP/1.1 server socket on a free loopback port, for the NIO test servers (MintProxy, PaidEndpoint).

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Binds the NIO test servers' listening socket.
enum LoopbackHTTPServer {
    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    typealias Server = NIOAsyncChannel<Connection, Never>

    /// A server on 127.0.0.1 at a port the kernel picks, with the HTTP/1.1 server pipeline on every connection.
    static func bind() async throws -> (server: Server, port: Int) {
        let server: Server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
        guard let port = server.channel.localAddress?.port else {
            server.channel.close(promise: nil)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        return (server, port)
    }
}
