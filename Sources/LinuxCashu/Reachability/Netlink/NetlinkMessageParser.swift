// Reachability: parses rtnetlink datagrams (struct nlmsghdr, ifinfomsg, ifaddrmsg, rtattr) into events, checking
// every length against the buffer: a malformed message is skipped, never a crash.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the bytes of one netlink datagram into ``NetlinkEvent``s.
///
/// A datagram holds messages back to back, each `NLMSG_ALIGN`ed; a message holds a fixed header and `RTA_ALIGN`ed
/// attributes. A message whose own length is impossible ends the datagram (nothing after it can be located); a
/// message whose body or attributes are inconsistent is skipped alone. Unknown message and attribute types are
/// ignored, as the kernel adds new ones.
struct NetlinkMessageParser: Sendable {
    /// What one datagram held.
    struct Result: Equatable {
        var events: [NetlinkEvent] = []
        /// Messages that could not be read (counted, for logs and tests).
        var malformed = 0
    }

    let constants: NetlinkConstants

    init(constants: NetlinkConstants = .system) {
        self.constants = constants
    }

    func parse(_ datagram: [UInt8]) -> Result {
        let reader = NetlinkByteReader(bytes: datagram)
        var result = Result()
        var offset = 0
        while datagram.count - offset >= constants.messageHeaderLength {
            guard let length32 = reader.uint32(at: offset), let type = reader.uint16(at: offset + 4) else { break }
            let length = Int(length32)
            guard length >= constants.messageHeaderLength, length <= datagram.count - offset else {
                result.malformed += 1
                break
            }
            let body = offset + constants.messageHeaderLength..<offset + length
            switch type {
            case constants.newLink, constants.deleteLink:
                if let event = link(reader, body, removed: type == constants.deleteLink) {
                    result.events.append(.link(event))
                } else {
                    result.malformed += 1
                }
            case constants.newAddress, constants.deleteAddress:
                if let event = address(reader, body, removed: type == constants.deleteAddress) {
                    result.events.append(.address(event))
                } else {
                    result.malformed += 1
                }
            case constants.overrun:
                result.events.append(.overrun)
            default:
                break  // NLMSG_NOOP, NLMSG_DONE, NLMSG_ERROR (no requests are sent) and types added later.
            }
            let next = offset + constants.alignMessage(length)
            guard next > offset else { break }
            offset = next
        }
        return result
    }

    /// struct ifinfomsg { family u8, pad u8, type u16, index i32, flags u32, change u32 } and its attributes.
    private func link(_ reader: NetlinkByteReader, _ body: Range<Int>, removed: Bool) -> NetlinkLinkEvent? {
        guard body.count >= constants.linkHeaderLength, let index = reader.uint32(at: body.lowerBound + 4),
            let flags = reader.uint32(at: body.lowerBound + 8)
        else { return nil }
        var event = NetlinkLinkEvent(
            index: Int32(bitPattern: index),
            name: nil,
            isUp: flags & constants.flagUp != 0,
            isRunning: flags & constants.flagRunning != 0,
            hasCarrier: flags & constants.flagLowerUp != 0,
            operationalState: nil,
            removed: removed
        )
        let attributes = body.lowerBound + constants.linkHeaderLength..<body.upperBound
        let complete = forEachAttribute(reader, attributes) { type, value in
            switch type {
            case constants.linkName: event.name = Self.cString(value)
            case constants.linkOperationalState: event.operationalState = value.first
            default: break
            }
        }
        return complete ? event : nil
    }

    /// struct ifaddrmsg { family u8, prefixlen u8, flags u8, scope u8, index u32 } and its attributes.
    private func address(_ reader: NetlinkByteReader, _ body: Range<Int>, removed: Bool) -> NetlinkAddressEvent? {
        guard body.count >= constants.addressHeaderLength, let familyNumber = reader.uint8(at: body.lowerBound),
            let prefixLength = reader.uint8(at: body.lowerBound + 1), let index = reader.uint32(at: body.lowerBound + 4)
        else { return nil }
        let family: NetlinkAddressEvent.Family =
            switch familyNumber {
            case constants.familyIPv4: .ipv4
            case constants.familyIPv6: .ipv6
            default: .other(familyNumber)
            }
        var local: String?
        var peer: String?
        let attributes = body.lowerBound + constants.addressHeaderLength..<body.upperBound
        let complete = forEachAttribute(reader, attributes) { type, value in
            switch type {
            case constants.localAddress: local = Self.presentation(value, family: family)
            case constants.address: peer = Self.presentation(value, family: family)
            default: break
            }
        }
        guard complete else { return nil }
        return NetlinkAddressEvent(
            index: index,
            family: family,
            address: local ?? peer,
            prefixLength: prefixLength,
            removed: removed
        )
    }

    /// Calls `body` with each attribute's type (flags masked off) and value; `false` when an attribute's length does
    /// not fit.
    private func forEachAttribute(
        _ reader: NetlinkByteReader,
        _ range: Range<Int>,
        _ body: (UInt16, ArraySlice<UInt8>) -> Void
    ) -> Bool {
        var offset = range.lowerBound
        while range.upperBound - offset >= constants.attributeHeaderLength {
            guard let length16 = reader.uint16(at: offset), let rawType = reader.uint16(at: offset + 2) else {
                return false
            }
            let length = Int(length16)
            guard length >= constants.attributeHeaderLength, length <= range.upperBound - offset,
                let value = reader.read(
                    offset + constants.attributeHeaderLength,
                    length - constants.attributeHeaderLength
                )
            else { return false }
            // NLA_F_NESTED and NLA_F_NET_BYTEORDER are the top two bits.
            body(rawType & 0x3fff, value)
            offset += max(constants.alignAttribute(length), constants.attributeHeaderLength)
        }
        return true
    }

    /// A NUL-terminated (or unterminated) UTF-8 name; `nil` when empty or not UTF-8.
    static func cString(_ bytes: ArraySlice<UInt8>) -> String? {
        let name = bytes.prefix { $0 != 0 }
        guard !name.isEmpty else { return nil }
        return String(validating: name, as: UTF8.self)
    }

    /// An IPv4 or IPv6 address in presentation form; `nil` for other families or a wrong length.
    static func presentation(_ bytes: ArraySlice<UInt8>, family: NetlinkAddressEvent.Family) -> String? {
        switch family {
        case .ipv4:
            guard bytes.count == 4 else { return nil }
            return bytes.map(String.init).joined(separator: ".")
        case .ipv6:
            guard bytes.count == 16 else { return nil }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let raw = Array(bytes)
            let formatted = raw.withUnsafeBytes { source in
                inet_ntop(AF_INET6, source.baseAddress, &text, socklen_t(text.count))
            }
            guard formatted != nil else { return nil }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        case .other:
            return nil
        }
    }
}
