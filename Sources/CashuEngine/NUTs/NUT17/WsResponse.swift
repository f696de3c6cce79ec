// NUT-17 — WebSockets: the mint's JSON-RPC answer to a request, a result or an error.

/// `{"jsonrpc": "2.0", "result": {status, subId}, "id"}` or `{"jsonrpc": "2.0", "error": {code, message}, "id"}`.
public struct WsResponse: Codable, Hashable, Sendable {
    /// A successful result.
    public struct Result: Codable, Hashable, Sendable {
        /// `"OK"` on success.
        public var status: String
        /// The subscription the request concerned.
        public var subId: String

        /// Creates a result.
        public init(status: String, subId: String) {
            self.status = status
            self.subId = subId
        }
    }

    /// A JSON-RPC error.
    public struct ErrorObject: Codable, Hashable, Sendable {
        /// The JSON-RPC error code (for example -32601).
        public var code: Int64
        /// A human-readable message from the mint.
        public var message: String

        /// Creates an error object.
        public init(code: Int64, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// Always `"2.0"`.
    public var jsonrpc: String
    /// The result, on success.
    public var result: Result?
    /// The error, on failure.
    public var error: ErrorObject?
    /// The id of the request this answers.
    public var id: JSONRPCID?

    /// Creates a response.
    public init(result: Result? = nil, error: ErrorObject? = nil, id: JSONRPCID?) {
        self.jsonrpc = "2.0"
        self.result = result
        self.error = error
        self.id = id
    }
}
