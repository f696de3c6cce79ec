// Mint client: one MintRequestPacer per mint, for hosts that build connectors more than once.

import CashuEngine

/// Hands out the same ``MintRequestPacer`` for the same mint, so that a rebuilt connector keeps pacing it.
package final class MintRequestPacers: Sendable {
    private let pacers = Locked<[MintURL: MintRequestPacer]>([:])

    /// An empty set of pacers.
    package init() {}

    /// The pacer of `mint`, made on first use.
    package func pacer(for mint: MintURL) -> MintRequestPacer {
        pacers.withLock { pacers in
            if let existing = pacers[mint] { return existing }
            let made = MintRequestPacer()
            pacers[mint] = made
            return made
        }
    }
}
