// Platform: why a NUT-17 subscription could not be made or kept; a mint's JSON-RPC error keeps its code.

/// A failure of a ``SubscriptionTransport``. The wallet treats every one the same way (it polls instead), but hosts
/// show and log them, so the kind of failure and the mint's JSON-RPC error survive.
package struct SubscriptionError: CashuError {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<SubscriptionError>

    /// The kind of failure.
    package let code: Code
    /// A human explanation, free of quote ids and secrets.
    package let reason: String
    /// The mint's JSON-RPC error, when it refused (``Code/rejected``).
    package let rpcError: WsResponse.ErrorObject?
    /// The underlying error.
    package let underlying: (any Error)?

    /// Creates an error (a transport of one's own says what went wrong this way).
    package init(_ code: Code, _ reason: String, underlying: (any Error)? = nil) {
        self.init(code, reason, rpcError: nil, underlying: underlying)
    }

    /// Creates an error with the mint's JSON-RPC refusal.
    package init(
        _ code: Code,
        _ reason: String,
        rpcError: WsResponse.ErrorObject?,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.reason = reason
        self.rpcError = rpcError
        self.underlying = underlying
    }

    package var description: String {
        var text = "SubscriptionError.\(code): \(reason)"
        if let rpcError { text += " [JSON-RPC \(rpcError.code)]" }
        return text
    }
}

extension ErrorCode where Domain == SubscriptionError {
    /// No connection within the connect timeout (including the probe that proves the socket answers).
    package static let connectTimeout = Self(rawValue: "connectTimeout")
    /// The connection could not be made (refused, no route, failed upgrade, TLS).
    package static let unreachable = Self(rawValue: "unreachable")
    /// A request was sent but its answer did not come within the request timeout.
    package static let timeout = Self(rawValue: "timeout")
    /// The mint answered the request with a JSON-RPC error (see `SubscriptionError/rpcError`).
    package static let rejected = Self(rawValue: "rejected")
    /// The connection was lost before the request was answered.
    package static let connectionLost = Self(rawValue: "connectionLost")
    /// The transport cannot serve this request (another mint, a kind it cannot decode, bad filters).
    package static let unsupported = Self(rawValue: "unsupported")
    /// The transport was shut down.
    package static let shutdown = Self(rawValue: "shutdown")
}
