// Mint client: the one error type of talking to a mint, separating "the mint refused" from "we do not know".

/// Why a request to a mint failed.
///
/// The distinction that matters for funds is ``isDefinite``: a mint that answered with a NUT-00 error body refused the
/// request (nothing happened), a connection that could not be opened never carried it; every other failure (timeout,
/// connection cut, HTTP 5xx, an unreadable answer) leaves the outcome unknown, and the wallet keeps the operation
/// pending until recovery learns what the mint did.
package struct MintClientError: CashuError {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<MintClientError>

    /// The kind of failure.
    package let code: Code
    /// The endpoint, e.g. `POST /v1/swap` (never a URL query or a body).
    package let endpoint: String
    /// A human explanation, free of secrets.
    package let reason: String
    /// The mint's error body, for `Code/mintRefused`.
    package let mintError: MintError?
    /// The HTTP status, when one arrived.
    package let httpStatus: Int?
    /// The underlying error, when there is one.
    package let underlying: (any Error)?
    /// How long the mint asked to wait (`Retry-After` of a 429 or 503), when it said.
    package let retryAfter: Duration?

    /// Creates an error.
    package init(
        _ code: Code, endpoint: String, _ reason: String, mintError: MintError? = nil, httpStatus: Int? = nil,
        underlying: (any Error)? = nil, retryAfter: Duration? = nil
    ) {
        self.retryAfter = retryAfter
        self.code = code
        self.endpoint = endpoint
        self.reason = reason
        self.mintError = mintError
        self.httpStatus = httpStatus
        self.underlying = underlying
    }

    /// Whether the mint certainly did not act on the request: it refused it, or it never reached the mint.
    package var isDefinite: Bool {
        code == .mintRefused || code == .unreachable || code == .invalidRequest || code == .authenticationRequired
    }

    /// Whether the mint refused the request for want of a login or an auth token (NUT-21/22: codes 30001–30002 and
    /// 31001–31004, or a missing header in Nutshell's words), or the wallet had none to send.
    package var needsLogin: Bool {
        if code == .authenticationRequired { return true }
        guard code == .mintRefused else { return false }
        if let known = mintError?.code, (30001...30002).contains(known) || (31001...31004).contains(known) {
            return true
        }
        return isMissingAuthentication
    }

    /// Whether a refusal says an auth header was missing: Nutshell 0.21 answers with code 0 and these words instead
    /// of 30001/31001.
    package var isMissingAuthentication: Bool {
        code == .mintRefused
            && (mintError?.detail.hasPrefix("Missing clear auth token") == true
                || mintError?.detail.hasPrefix("Missing blind auth token") == true)
    }

    /// Whether the mint turned the request away for its rate limit before acting on it: HTTP 429 (reported as
    /// `Code/unreachable`, since nothing was done), or a 503 that says when to come back.
    package var isRateLimited: Bool { httpStatus == 429 || httpStatus == 503 && retryAfter != nil }

    /// Whether a NUT-19 replay of the identical body may recover the answer.
    package var isReplayable: Bool {
        code == .transport || code == .timeout || code == .httpStatus && (httpStatus ?? 0) >= 500
    }

    package var description: String {
        var text = "MintClientError.\(code) (\(endpoint)): \(reason)"
        if let mintError { text += " [\(mintError)]" }
        return text
    }
}

extension ErrorCode where Domain == MintClientError {
    /// The mint answered with its NUT-00 error body; `MintClientError.mintError` holds it.
    package static let mintRefused = Self(rawValue: "mintRefused")
    /// No connection could be opened: the request never left.
    package static let unreachable = Self(rawValue: "unreachable")
    /// The request may have reached the mint but no complete answer came back (cut, reset, TLS failure).
    package static let transport = Self(rawValue: "transport")
    /// The request's deadline passed before the answer was complete.
    package static let timeout = Self(rawValue: "timeout")
    /// An HTTP status other than 200 without a NUT-00 error body (e.g. 500, 502, 404).
    package static let httpStatus = Self(rawValue: "httpStatus")
    /// The answer was not the JSON this endpoint returns, failed validation against the request, or exceeded
    /// the size limit (the mint answered, so it may have acted).
    package static let invalidResponse = Self(rawValue: "invalidResponse")
    /// The request could not be encoded or addressed, so it was never sent.
    package static let invalidRequest = Self(rawValue: "invalidRequest")
    /// The request was cancelled by the caller.
    package static let cancelled = Self(rawValue: "cancelled")
    /// The endpoint needs a login the wallet does not have (or can no longer renew): never sent (NUT-21/22).
    package static let authenticationRequired = Self(rawValue: "authenticationRequired")
}
