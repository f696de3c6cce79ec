// Reachability: a link change from rtnetlink (RTM_NEWLINK / RTM_DELLINK, struct ifinfomsg and its attributes).

/// A network interface's state as an RTM_NEWLINK or RTM_DELLINK message describes it.
package struct NetlinkLinkEvent: Hashable, Sendable {
    /// The interface index.
    package var index: Int32
    /// The interface name (IFLA_IFNAME), when the message carries a readable one.
    package var name: String?
    /// IFF_UP: administratively up.
    package var isUp: Bool
    /// IFF_RUNNING: operationally up.
    package var isRunning: Bool
    /// IFF_LOWER_UP: the carrier is present.
    package var hasCarrier: Bool
    /// IFLA_OPERSTATE (RFC 2863: 6 is up, 2 down, 7 dormant...), when present.
    package var operationalState: UInt8?
    /// Whether the link was removed (RTM_DELLINK).
    package var removed: Bool

    /// Creates an event.
    package init(
        index: Int32,
        name: String?,
        isUp: Bool,
        isRunning: Bool,
        hasCarrier: Bool,
        operationalState: UInt8?,
        removed: Bool
    ) {
        self.index = index
        self.name = name
        self.isUp = isUp
        self.isRunning = isRunning
        self.hasCarrier = hasCarrier
        self.operationalState = operationalState
        self.removed = removed
    }
}
