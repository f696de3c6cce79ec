// Reachability: the active check of one mint (the monitor's probe), as a protocol so tests can script it.

import CashuServices
import CoreCashu

/// Checks whether a mint answers.
package protocol MintReachabilityProbe: Sendable {
    /// Probes `mint` once, within the probe's own short deadline.
    /// - Returns: `MintReachability.reachable` or `MintReachability.unreachable(_:)`.
    func probe(_ mint: MintURL) async -> MintReachability
}
