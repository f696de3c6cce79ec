// Reachability: what the offline queue needs from a reachability monitor (NetlinkReachabilityMonitor, or a test's).

import CoreCashu

/// Tells which mints can be reached, now and as it changes.
package protocol MintReachabilityMonitor: Sendable {
    /// Starts watching `mint` (probing it at once); watching a watched mint does nothing.
    func watch(_ mint: MintURL) async

    /// Stops watching `mint`.
    func unwatch(_ mint: MintURL) async

    /// The last known state of `mint` (``MintReachability/unknown`` when it is not watched).
    func state(of mint: MintURL) async -> MintReachability

    /// A stream of changes: first the current state of every watched mint, then each change, until the monitor
    /// shuts down or the consumer stops iterating.
    func updates() async -> AsyncStream<ReachabilityUpdate>
}
