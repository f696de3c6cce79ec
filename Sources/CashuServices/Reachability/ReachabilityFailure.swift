// Reachability: why a probe of a mint failed.

import CoreCashu

/// Why a mint is considered unreachable.
package struct ReachabilityFailure: Hashable, Sendable, CustomStringConvertible {
    /// How the probe failed, in the mint client's terms: `unreachable` (no connection), `timeout`, `transport` (cut
    /// connection), `httpStatus` (e.g. a captive portal or a proxy's 404), `invalidResponse` (not a mint's answer).
    package var code: MintClientError.Code
    /// A human explanation, free of secrets.
    package var reason: String

    /// Creates a failure.
    package init(code: MintClientError.Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    package var description: String { "\(code): \(reason)" }
}
