// Reachability: the rtnetlink constants of the running system's kernel headers, read once through CNetlink.

internal import CNetlink

/// Message types, attribute types, flags and sizes from <linux/netlink.h>, <linux/rtnetlink.h> and <linux/if.h>.
struct NetlinkConstants: Sendable {
    let messageHeaderLength: Int
    let linkHeaderLength: Int
    let addressHeaderLength: Int
    let attributeHeaderLength: Int
    let noop: UInt16
    let error: UInt16
    let done: UInt16
    let overrun: UInt16
    let newLink: UInt16
    let deleteLink: UInt16
    let newAddress: UInt16
    let deleteAddress: UInt16
    let linkName: UInt16
    let linkOperationalState: UInt16
    let address: UInt16
    let localAddress: UInt16
    let flagUp: UInt32
    let flagRunning: UInt32
    let flagLowerUp: UInt32
    let familyIPv4: UInt8
    let familyIPv6: UInt8
    /// RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR.
    let reachabilityGroups: UInt32

    /// The running system's values.
    static let system: NetlinkConstants = {
        let c = cnl_get_constants()
        return NetlinkConstants(
            messageHeaderLength: Int(c.nlmsg_hdrlen),
            linkHeaderLength: Int(c.ifinfomsg_len),
            addressHeaderLength: Int(c.ifaddrmsg_len),
            attributeHeaderLength: Int(c.rta_hdrlen),
            noop: c.nlmsg_noop,
            error: c.nlmsg_error,
            done: c.nlmsg_done,
            overrun: c.nlmsg_overrun,
            newLink: c.rtm_newlink,
            deleteLink: c.rtm_dellink,
            newAddress: c.rtm_newaddr,
            deleteAddress: c.rtm_deladdr,
            linkName: c.ifla_ifname,
            linkOperationalState: c.ifla_operstate,
            address: c.ifa_address,
            localAddress: c.ifa_local,
            flagUp: c.iff_up,
            flagRunning: c.iff_running,
            flagLowerUp: c.iff_lower_up,
            familyIPv4: c.af_inet,
            familyIPv6: c.af_inet6,
            reachabilityGroups: c.reachability_groups
        )
    }()

    /// NLMSG_ALIGN.
    func alignMessage(_ length: Int) -> Int { Int(cnl_nlmsg_align(UInt32(clamping: length))) }

    /// RTA_ALIGN.
    func alignAttribute(_ length: Int) -> Int { Int(cnl_rta_align(UInt32(clamping: length))) }
}
