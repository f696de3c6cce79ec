// Test support: a whole HTTP answer (head with Content-Length and `Connection: close`, body, end) on a server
// connection of the NIO test servers.

import NIOCore
import NIOHTTP1

extension NIOAsyncChannelOutboundWriter where OutboundOut == HTTPServerResponsePart {
    /// Writes one complete answer: `status`, `Content-Type: contentType`, `headers`, the body's length, then the body.
    func writeCompleteResponse(
        status: Int, contentType: String, headers extra: [(String, String)] = [], body: [UInt8]
    ) async throws {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        for (name, value) in extra { headers.add(name: name, value: value) }
        headers.add(name: "Content-Length", value: "\(body.count)")
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        try await write(.head(head))
        try await write(.body(.byteBuffer(ByteBuffer(bytes: body))))
        try await write(.end(nil))
    }
}
