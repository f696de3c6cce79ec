// Reachability: what the monitor currently believes about one mint.

import CoreCashu

/// Whether a mint can be reached.
package enum MintReachability: Hashable, Sendable, CustomStringConvertible {
    /// Not probed yet.
    case unknown
    /// The last probe got the mint's `/v1/info`.
    case reachable
    /// The last probe failed, for this reason.
    case unreachable(ReachabilityFailure)

    /// Whether the last probe succeeded.
    package var isReachable: Bool { self == .reachable }

    /// Whether the last probe failed (``unknown`` is neither).
    package var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    package var description: String {
        switch self {
        case .unknown: "unknown"
        case .reachable: "reachable"
        case .unreachable(let failure): "unreachable (\(failure))"
        }
    }
}
