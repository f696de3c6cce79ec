// Reachability: what the monitor currently believes about one mint.

import CoreCashu

/// Whether a mint can be reached.
public enum MintReachability: Hashable, Sendable, CustomStringConvertible {
    /// Not probed yet.
    case unknown
    /// The last probe got the mint's `/v1/info`.
    case reachable
    /// The last probe failed, for this reason.
    case unreachable(ReachabilityFailure)

    /// Whether the last probe succeeded.
    public var isReachable: Bool { self == .reachable }

    /// Whether the last probe failed (``unknown`` is neither).
    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .reachable: "reachable"
        case .unreachable(let failure): "unreachable (\(failure))"
        }
    }
}
