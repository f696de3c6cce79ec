// Reachability: one change of a mint's reachability, as the monitor publishes it.

import CoreCashu
import Foundation

/// A mint's new reachability.
public struct ReachabilityUpdate: Hashable, Sendable {
    /// The mint.
    public var mint: MintURL
    /// Its state now.
    public var state: MintReachability
    /// When the monitor learned it.
    public var date: Date

    /// Creates an update.
    public init(mint: MintURL, state: MintReachability, date: Date = Date()) {
        self.mint = mint
        self.state = state
        self.date = date
    }
}
