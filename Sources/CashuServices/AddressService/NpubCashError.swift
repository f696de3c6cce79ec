// npub.cash v2 — what can go wrong talking to an address service: out of reach, a refusal (with the service's own
// `message`), or an answer that does not follow the API.

import CoreCashu

/// A failure of an npub.cash-style address service. Its ``reason`` carries the service's own message when it
/// refused, and never the NIP-98 event, the JWT or any key.
package struct NpubCashError: CashuError, Hashable {
    package typealias Code = ErrorCode<NpubCashError>

    package let code: Code
    package let reason: String
    /// The HTTP status of a refusal.
    package let status: Int?
    /// The service's `message` of a refusal, as it sent it.
    package let serviceMessage: String?

    package init(_ code: Code, _ reason: String, status: Int? = nil, serviceMessage: String? = nil) {
        self.code = code
        self.reason = reason
        self.status = status
        self.serviceMessage = serviceMessage
    }
}

extension ErrorCode where Domain == NpubCashError {
    /// The service cannot be reached, or did not answer in time.
    package static let serviceUnreachable = Self(rawValue: "serviceUnreachable")
    /// The service answered with an error status (its message is kept).
    package static let serviceRefused = Self(rawValue: "serviceRefused")
    /// The service's answer does not follow the npub.cash v2 API.
    package static let serviceInvalidResponse = Self(rawValue: "serviceInvalidResponse")
    /// No service is configured and none was given, or the given one is not an http(s) URL.
    package static let serviceNotConfigured = Self(rawValue: "serviceNotConfigured")
}
