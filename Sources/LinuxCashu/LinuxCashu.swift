// LinuxCashu: the Linux platform layer over CoreCashu (secure store, reachability and the offline queue,
// the NUT-17 WebSocket client, the redacting logger, and the `LinuxWallet` façade that wires them together).

/// Namespace for facts about the Linux platform layer.
package enum LinuxCashu {
    /// The name the layer uses for itself in logs and in libsecret's schema.
    package static let name = "cashu"
}
