// LinuxCashu: the Linux platform layer over CoreCashu and CashuServices (secure store, netlink reachability, systemd
// and desktop notifications, XDG directories, and the `LinuxWallet` façade that wires them and the services together).

@_exported import CashuServices

/// Namespace for facts about the Linux platform layer.
package enum LinuxCashu {
    /// The name the layer uses for itself in logs and in libsecret's schema.
    package static let name = "cashu"
}
