// Reachability: bounds-checked reads of native-endian integers from a netlink datagram (never a trap on bad input).

/// Reads fields of a byte buffer; every read outside the buffer returns `nil`.
struct NetlinkByteReader {
    let bytes: [UInt8]

    func uint8(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return bytes[offset]
    }

    /// A host-order UInt16 (netlink uses the host's byte order).
    func uint16(at offset: Int) -> UInt16? {
        guard let raw = read(offset, 2) else { return nil }
        return host(raw, as: UInt16.self)
    }

    /// A host-order UInt32.
    func uint32(at offset: Int) -> UInt32? {
        guard let raw = read(offset, 4) else { return nil }
        return host(raw, as: UInt32.self)
    }

    /// `count` bytes from `offset`, or `nil` when they are not all in the buffer.
    func read(_ offset: Int, _ count: Int) -> ArraySlice<UInt8>? {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else { return nil }
        return bytes[offset..<offset + count]
    }

    private func host<T: FixedWidthInteger>(_ raw: ArraySlice<UInt8>, as type: T.Type) -> T {
        var value: T = 0
        for (shift, byte) in raw.enumerated() { value |= T(byte) << (shift * 8) }
        return T(littleEndian: value)
    }
}
