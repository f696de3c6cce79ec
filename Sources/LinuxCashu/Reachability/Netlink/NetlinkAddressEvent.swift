// Reachability: an address change from rtnetlink (RTM_NEWADDR / RTM_DELADDR, struct ifaddrmsg and its attributes).

/// An interface address added or removed.
public struct NetlinkAddressEvent: Hashable, Sendable {
    /// The address family.
    public enum Family: Hashable, Sendable {
        case ipv4
        case ipv6
        /// Another family, by its number.
        case other(UInt8)
    }

    /// The interface index.
    public var index: UInt32
    /// The family.
    public var family: Family
    /// The address in presentation form (IFA_LOCAL, else IFA_ADDRESS), when the message carries a readable one.
    public var address: String?
    /// The prefix length.
    public var prefixLength: UInt8
    /// Whether the address was removed (RTM_DELADDR).
    public var removed: Bool

    /// Creates an event.
    public init(index: UInt32, family: Family, address: String?, prefixLength: UInt8, removed: Bool) {
        self.index = index
        self.family = family
        self.address = address
        self.prefixLength = prefixLength
        self.removed = removed
    }
}
