// Mint client: the one JSON encoding of request bodies, byte-stable so a journaled body replays identically (NUT-19).

import Foundation

/// Encodes request bodies the same way every time: sorted keys, no escaped slashes.
///
/// The wallet journals a request's exact bytes before sending it; recovery re-sends them, and a NUT-19 cache
/// recognises a replay only when the body is byte-identical.
package enum MintRequestEncoding {
    /// Encodes a request body.
    /// - Throws: ``MintClientError`` with code `invalidRequest` when the value cannot be encoded.
    package static func encode<T: Encodable>(_ value: T, endpoint: String) throws(MintClientError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw MintClientError(.invalidRequest, endpoint: endpoint, "request cannot be encoded", underlying: error)
        }
    }
}
