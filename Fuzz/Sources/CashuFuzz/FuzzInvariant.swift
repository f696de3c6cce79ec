// Invariant checks: a violation traps, which libFuzzer records as a crash with the input that caused it.

import Foundation

/// Traps with `message` unless `condition` holds. Only the fuzz package traps on input: the library throws.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    report("invariant violated: \(message())")
    abort()
}

/// The value of `body`, trapping with `message` and the error when it throws (re-decoding what we encoded must work).
func mustSucceed<T>(_ message: @autoclosure () -> String, _ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        report("invariant violated: \(message()): \(error)")
        abort()
    }
}

/// Writes one line to stderr, where libFuzzer's report goes.
func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// JSON round trips for the Codable wire types: sorted keys so that equal values encode to equal bytes.
enum FuzzJSON {
    static func encode<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return mustSucceed("encoding a decoded \(T.self)") { Array(try encoder.encode(value)) }
    }

    /// Decodes `bytes` as `T`; when that works, checks that encode → decode → encode gives the same bytes, and that the
    /// value decoded again equals the first one under `same`.
    static func roundTrip<T: Codable>(
        _ type: T.Type, _ bytes: [UInt8], same: (T, T) -> Bool = { _, _ in true }
    ) {
        guard let first = try? JSONDecoder().decode(T.self, from: Data(bytes)) else { return }
        let encoded = encode(first)
        let second = mustSucceed("decoding an encoded \(T.self)") {
            try JSONDecoder().decode(T.self, from: Data(encoded))
        }
        invariant(same(first, second), "\(T.self) changed across encode → decode")
        invariant(encode(second) == encoded, "\(T.self) encodes differently after a round trip")
    }

    /// Decodes `bytes` as `T`, for the types that are only ever read.
    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> T? {
        try? JSONDecoder().decode(T.self, from: Data(bytes))
    }
}
