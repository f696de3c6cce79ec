// Reachability: one change of a mint's reachability, as the monitor publishes it.

import CoreCashu
import Foundation

/// A mint's new reachability.
package struct ReachabilityUpdate: Hashable, Sendable {
    /// The mint.
    package var mint: MintURL
    /// Its state now.
    package var state: MintReachability
    /// When the monitor learned it.
    package var date: Date

    /// Creates an update.
    package init(mint: MintURL, state: MintReachability, date: Date = Date()) {
        self.mint = mint
        self.state = state
        self.date = date
    }
}
