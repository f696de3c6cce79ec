// Platform: why a NUT-17 subscription could not be made or kept; a mint's JSON-RPC error keeps its code.

/// A failure of a ``SubscriptionTransport``. The wallet treats every one the same way (it polls instead), but hosts
/// show and log them, so the kind of failure and the mint's JSON-RPC error survive.
public struct SubscriptionError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No connection within the connect timeout (including the probe that proves the socket answers).
        public static let connectTimeout = Code(rawValue: "connectTimeout")
        /// The connection could not be made (refused, no route, failed upgrade, TLS).
        public static let unreachable = Code(rawValue: "unreachable")
        /// A request was sent but its answer did not come within the request timeout.
        public static let timeout = Code(rawValue: "timeout")
        /// The mint answered the request with a JSON-RPC error (see ``SubscriptionError/rpcError``).
        public static let rejected = Code(rawValue: "rejected")
        /// The connection was lost before the request was answered.
        public static let connectionLost = Code(rawValue: "connectionLost")
        /// The transport cannot serve this request (another mint, a kind it cannot decode, bad filters).
        public static let unsupported = Code(rawValue: "unsupported")
        /// The transport was shut down.
        public static let shutdown = Code(rawValue: "shutdown")
    }

    /// The kind of failure.
    public let code: Code
    /// A human explanation, free of quote ids and secrets.
    public let reason: String
    /// The mint's JSON-RPC error, when it refused (``Code/rejected``).
    public let rpcError: WsResponse.ErrorObject?
    /// The underlying error.
    public let underlying: (any Error)?

    /// Creates an error.
    public init(
        _ code: Code,
        _ reason: String,
        rpcError: WsResponse.ErrorObject? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.reason = reason
        self.rpcError = rpcError
        self.underlying = underlying
    }

    public var description: String {
        var text = "SubscriptionError.\(code): \(reason)"
        if let rpcError { text += " [JSON-RPC \(rpcError.code)]" }
        return text
    }
}
