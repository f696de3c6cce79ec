// CoreCashu — heap storage for secret bytes that is zeroed when released and never printed.

/// A buffer of secret bytes (keys, blinding factors, seeds) that zeroes itself on release and prints as `<redacted>`.
///
/// Value semantics: copies share the same immutable storage; mutation is not offered.
public struct SecureBytes: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    final class Storage: @unchecked Sendable {
        let pointer: UnsafeMutableRawBufferPointer

        init(count: Int) {
            let count = max(count, 0)
            pointer = .allocate(byteCount: max(count, 1), alignment: 16)
            pointer.initializeMemory(as: UInt8.self, repeating: 0)
            self.count = count
        }

        let count: Int

        deinit {
            // Writes through a pointer handed to an opaque deallocate are not elided by the optimiser.
            pointer.initializeMemory(as: UInt8.self, repeating: 0)
            pointer.deallocate()
        }
    }

    let storage: Storage

    /// Zero-filled secret storage of `count` bytes (a negative count gives an empty buffer).
    package init(count: Int) {
        storage = Storage(count: count)
    }

    /// Copies `bytes` into secret storage. The caller should drop its own copy.
    public init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        storage = Storage(count: bytes.count)
        UnsafeMutableRawBufferPointer(rebasing: storage.pointer[0..<bytes.count]).copyBytes(from: bytes)
    }

    /// `count` bytes from the system's cryptographically secure generator.
    package static func random(count: Int) -> SecureBytes {
        let bytes = SecureBytes(count: count)
        var generator = SystemRandomNumberGenerator()
        var offset = 0
        while offset < count {
            var word = generator.next()
            let n = min(8, count - offset)
            Swift.withUnsafeBytes(of: &word) { raw in
                for i in 0..<n { bytes.storage.pointer[offset + i] = raw[i] }
            }
            word = 0
            offset += n
        }
        return bytes
    }

    /// The number of bytes held.
    public var count: Int { storage.count }

    /// Calls `body` with the secret bytes; do not let the pointer escape.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(rebasing: storage.pointer[0..<storage.count]))
    }

    /// A copy of the secret bytes. The name is a reminder that the copy is not zeroed on release.
    package var exposedSecretBytes: [UInt8] {
        withUnsafeBytes { Array($0) }
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "SecureBytes(<redacted \(count) bytes>)" }

    /// Constant-time comparison.
    public static func == (lhs: SecureBytes, rhs: SecureBytes) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<lhs.count { diff |= lhs.storage.pointer[i] ^ rhs.storage.pointer[i] }
        return diff == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }
}
