// Reachability: why a probe of a mint failed.

import CoreCashu

/// Why a mint is considered unreachable.
public struct ReachabilityFailure: Hashable, Sendable, CustomStringConvertible {
    /// How the probe failed, in the mint client's terms: `unreachable` (no connection), `timeout`, `transport` (cut
    /// connection), `httpStatus` (e.g. a captive portal or a proxy's 404), `invalidResponse` (not a mint's answer).
    public var code: MintClientError.Code
    /// A human explanation, free of secrets.
    public var reason: String

    /// Creates a failure.
    public init(code: MintClientError.Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code): \(reason)" }
}
