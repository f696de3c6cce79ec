// Mint client: reads an answer's body within the request's deadline and a size limit.

import CashuEngine
import AsyncHTTPClient
import NIOCore

/// Collects a response body, bounded in size and in time.
///
/// async-http-client's own deadline stops applying once the response head has arrived, so a mint that sends its
/// head and then stalls would hold the body forever; this reader races the body against the same deadline.
package enum ResponseBodyReader {
    /// The deadline passed while the body was still arriving.
    package struct DeadlinePassed: Error {}

    /// The body, or a failure.
    /// - Parameters:
    ///   - body: the response body.
    ///   - limit: the most bytes accepted.
    ///   - deadline: when to give up.
    /// - Throws: ``DeadlinePassed``, `NIOTooManyBytesError` beyond `limit`, or the transport's error.
    package static func collect(
        _ body: HTTPClientResponse.Body,
        limit: Int,
        deadline: NIODeadline
    ) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                let remaining = deadline - NIODeadline.now()
                if remaining.nanoseconds > 0 { try await Task.sleep(for: .nanoseconds(remaining.nanoseconds)) }
                return nil
            }
            defer { group.cancelAll() }
            // The first child to finish decides; `nil` is the timer.
            guard let first = try await group.next(), let bytes = first else { throw DeadlinePassed() }
            return bytes
        }
    }
}
