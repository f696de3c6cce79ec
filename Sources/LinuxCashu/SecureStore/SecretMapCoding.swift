// SecureStore: the plaintext inside an encrypted store file — key/value pairs in a length-prefixed binary layout.

import CoreCashu

/// Encodes a wallet's secrets as `count:u32`, then per entry `keyLength:u16 key valueLength:u32 value` (big-endian),
/// in zeroing storage.
enum SecretMapCoding {
    /// Longest key accepted (UTF-8 bytes).
    static let maximumKeyLength = Int(UInt16.max)

    /// The encoded map, entries sorted by key.
    static func encode(_ secrets: [String: SecureBytes]) throws(SecureStoreError) -> SecureBytes {
        var size = 4
        for (key, value) in secrets {
            guard key.utf8.count <= maximumKeyLength else {
                throw SecureStoreError(.invalidInput, "a secure store key is longer than \(maximumKeyLength) bytes")
            }
            size += 2 + key.utf8.count + 4 + value.count
        }
        let out = SecureBytes(count: size)
        out.withUnsafeBytes { raw in
            let buffer = UnsafeMutableRawBufferPointer(mutating: raw)
            var offset = 0
            func put(_ value: UInt64, bytes: Int) {
                for shift in stride(from: (bytes - 1) * 8, through: 0, by: -8) {
                    buffer[offset] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
                    offset += 1
                }
            }
            put(UInt64(secrets.count), bytes: 4)
            for key in secrets.keys.sorted() {
                put(UInt64(key.utf8.count), bytes: 2)
                for byte in key.utf8 {
                    buffer[offset] = byte
                    offset += 1
                }
                let value = secrets[key] ?? SecureBytes(count: 0)
                put(UInt64(value.count), bytes: 4)
                value.withUnsafeBytes { source in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + source.count]).copyMemory(
                        from: source
                    )
                }
                offset += value.count
            }
        }
        return out
    }

    /// The map encoded in `plaintext`.
    ///
    /// - Throws: ``SecureStoreError`` `.corrupt` when the layout does not add up.
    static func decode(_ plaintext: SecureBytes) throws(SecureStoreError) -> [String: SecureBytes] {
        try plaintext.withUnsafeBytes { (buffer) throws(SecureStoreError) -> [String: SecureBytes] in
            var offset = 0
            func take(_ count: Int) throws(SecureStoreError) -> UnsafeRawBufferPointer {
                guard count >= 0, buffer.count - offset >= count else {
                    throw SecureStoreError(.corrupt, "the secure store's contents are truncated")
                }
                defer { offset += count }
                return UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
            }
            func number(_ bytes: Int) throws(SecureStoreError) -> Int {
                try take(bytes).reduce(0) { $0 << 8 | Int($1) }
            }
            let count = try number(4)
            var secrets: [String: SecureBytes] = [:]
            for _ in 0..<count {
                let keyBytes = try take(try number(2))
                guard let key = String(validating: keyBytes, as: UTF8.self) else {
                    throw SecureStoreError(.corrupt, "a secure store key is not UTF-8")
                }
                secrets[key] = SecureBytes(try take(try number(4)))
            }
            guard offset == buffer.count else {
                throw SecureStoreError(.corrupt, "the secure store's contents have trailing bytes")
            }
            return secrets
        }
    }
}
