// The bytes of one fuzz input, with the views the targets need: text, and a selector byte for multi-decoder targets.

/// One input as libFuzzer gave it.
struct FuzzInput: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The bytes as text; invalid UTF-8 becomes U+FFFD, as any reader of untrusted text would see it.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The first byte modulo `count`, choosing one of `count` decoders, and the bytes after it; `nil` when empty.
    func select(_ count: Int) -> (choice: Int, rest: FuzzInput)? {
        guard let first = bytes.first else { return nil }
        return (Int(first) % count, FuzzInput(Array(bytes.dropFirst())))
    }
}
