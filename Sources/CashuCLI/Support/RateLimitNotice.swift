// CLI: telling the user, once per command, that a mint is limiting requests and how long the wallet waits.

import CoreCashu
import Foundation
import Synchronization

/// Says on stderr, the first time only, that a mint answered HTTP 429 and the command is waiting its turn.
final class RateLimitNotice: Sendable {
    static let shared = RateLimitNotice()

    private let told = Mutex(false)

    /// The connector's callback: the mint, and how long this wait is.
    @Sendable func heard(_ mint: MintURL, _ wait: Duration) {
        let first = told.withLock { told in
            defer { told = true }
            return !told
        }
        guard first else { return }
        let components = wait.components
        let seconds = max(1, Int((Double(components.seconds) + Double(components.attoseconds) / 1e18).rounded(.up)))
        Output.write(
            "cashu: \(mint) is limiting requests (HTTP 429); waiting \(seconds) s and trying again\n",
            to: .standardError)
    }
}
