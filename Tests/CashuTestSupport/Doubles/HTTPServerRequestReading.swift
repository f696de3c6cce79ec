// Test support: the first whole HTTP request on a server connection of the NIO test servers.

import NIOCore
import NIOHTTP1

extension NIOAsyncChannelInboundStream where Element == HTTPServerRequestPart {
    /// The first request's head and body, once its end has arrived; `nil` when the connection ends before.
    func firstRequest() async throws -> (head: HTTPRequestHead, body: [UInt8])? {
        var head: HTTPRequestHead?
        var body: [UInt8] = []
        for try await part in self {
            switch part {
            case .head(let received):
                head = received
                body = []
            case .body(let chunk):
                body.append(contentsOf: chunk.readableBytesView)
            case .end:
                guard let head else { return nil }
                return (head, body)
            }
        }
        return nil
    }
}
