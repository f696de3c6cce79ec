// Reachability: one thing the kernel told us over rtnetlink (a link or an address changed, or events were lost).

/// An rtnetlink event the reachability monitor reacts to.
package enum NetlinkEvent: Hashable, Sendable {
    /// A link appeared, changed (up/down, carrier) or disappeared (RTM_NEWLINK / RTM_DELLINK).
    case link(NetlinkLinkEvent)
    /// An address was added or removed (RTM_NEWADDR / RTM_DELADDR).
    case address(NetlinkAddressEvent)
    /// The kernel dropped events (the socket's buffer overflowed, or a datagram was cut): anything may have changed.
    case overrun
}
