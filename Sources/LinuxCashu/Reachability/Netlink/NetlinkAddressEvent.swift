// Reachability: an address change from rtnetlink (RTM_NEWADDR / RTM_DELADDR, struct ifaddrmsg and its attributes).

/// An interface address added or removed.
package struct NetlinkAddressEvent: Hashable, Sendable {
    /// The address family.
    package enum Family: Hashable, Sendable {
        case ipv4
        case ipv6
        /// Another family, by its number.
        case other(UInt8)
    }

    /// The interface index.
    package var index: UInt32
    /// The family.
    package var family: Family
    /// The address in presentation form (IFA_LOCAL, else IFA_ADDRESS), when the message carries a readable one.
    package var address: String?
    /// The prefix length.
    package var prefixLength: UInt8
    /// Whether the address was removed (RTM_DELADDR).
    package var removed: Bool

    /// Creates an event.
    package init(index: UInt32, family: Family, address: String?, prefixLength: UInt8, removed: Bool) {
        self.index = index
        self.family = family
        self.address = address
        self.prefixLength = prefixLength
        self.removed = removed
    }
}
