// Test support for the netlink parser tests: builds rtnetlink datagrams byte by byte (host order, kernel alignment).

@testable import LinuxCashu

/// Builds the bytes the kernel would send.
struct NetlinkMessageBuilder {
    let constants = NetlinkConstants.system

    /// struct nlmsghdr + body, padded to NLMSG_ALIGN; `length` overrides nlmsg_len (for malformed messages).
    func message(type: UInt16, body: [UInt8], length: UInt32? = nil) -> [UInt8] {
        let total = constants.messageHeaderLength + body.count
        var bytes = Self.u32(length ?? UInt32(total)) + Self.u16(type) + Self.u16(0) + Self.u32(1) + Self.u32(0)
        bytes += body
        bytes += [UInt8](repeating: 0, count: constants.alignMessage(total) - total)
        return bytes
    }

    /// struct ifinfomsg + attributes.
    func link(index: Int32, flags: UInt32, name: String? = nil, operationalState: UInt8? = nil, extra: [UInt8] = [])
        -> [UInt8]
    {
        var body = [0, 0] + Self.u16(1) + Self.u32(UInt32(bitPattern: index)) + Self.u32(flags) + Self.u32(0xffff_ffff)
        if let name { body += attribute(type: constants.linkName, value: Array(name.utf8) + [0]) }
        if let operationalState { body += attribute(type: constants.linkOperationalState, value: [operationalState]) }
        return body + extra
    }

    /// struct ifaddrmsg + attributes.
    func address(family: UInt8, prefixLength: UInt8, index: UInt32, local: [UInt8]?, address: [UInt8]?) -> [UInt8] {
        var body: [UInt8] = [family, prefixLength, 0, 0] + Self.u32(index)
        if let address { body += attribute(type: constants.address, value: address) }
        if let local { body += attribute(type: constants.localAddress, value: local) }
        return body
    }

    /// struct rtattr + value, padded to RTA_ALIGN; `length` overrides rta_len.
    func attribute(type: UInt16, value: [UInt8], length: UInt16? = nil) -> [UInt8] {
        let total = constants.attributeHeaderLength + value.count
        var bytes = Self.u16(length ?? UInt16(total)) + Self.u16(type) + value
        bytes += [UInt8](repeating: 0, count: constants.alignAttribute(total) - total)
        return bytes
    }

    static func u16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
    static func u32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
}
