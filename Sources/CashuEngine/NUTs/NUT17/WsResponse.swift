// NUT-17 — WebSockets: the mint's JSON-RPC answer to a request, a result or an error.

/// `{"jsonrpc": "2.0", "result": {status, subId}, "id"}` or `{"jsonrpc": "2.0", "error": {code, message}, "id"}`.
package struct WsResponse: Codable, Hashable, Sendable {
    /// A successful result.
    package struct Result: Codable, Hashable, Sendable {
        /// `"OK"` on success.
        package var status: String
        /// The subscription the request concerned.
        package var subId: String

        /// Creates a result.
        package init(status: String, subId: String) {
            self.status = status
            self.subId = subId
        }
    }

    /// A JSON-RPC error.
    package struct ErrorObject: Codable, Hashable, Sendable {
        /// The JSON-RPC error code (for example -32601).
        package var code: Int64
        /// A human-readable message from the mint.
        package var message: String

        /// Creates an error object.
        package init(code: Int64, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// Always `"2.0"`.
    package var jsonrpc: String
    /// The result, on success.
    package var result: Result?
    /// The error, on failure.
    package var error: ErrorObject?
    /// The id of the request this answers.
    package var id: JSONRPCID?

    /// Creates a response.
    package init(result: Result? = nil, error: ErrorObject? = nil, id: JSONRPCID?) {
        self.jsonrpc = "2.0"
        self.result = result
        self.error = error
        self.id = id
    }
}
