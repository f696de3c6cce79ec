// NUT-17 — WebSockets: a wallet's JSON-RPC `subscribe` / `unsubscribe` request.

/// `{"jsonrpc": "2.0", "id", "method", "params": {kind?, subId, filters?}}`.
package struct WsRequest: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The request parameters.
    package struct Params: Codable, Hashable, Sendable, CustomStringConvertible {
        /// The subscription kind (subscribe only).
        package var kind: SubscriptionKind?
        /// The wallet-chosen subscription id.
        package var subId: String
        /// Quote ids or proof `Y`s to watch (subscribe only).
        package var filters: [String]?

        /// Creates parameters.
        package init(kind: SubscriptionKind? = nil, subId: String, filters: [String]? = nil) {
            self.kind = kind
            self.subId = subId
            self.filters = filters
        }

        // Filters of quote kinds are mint quote ids, which let anyone who reads them mint the quote.
        package var description: String {
            "Params(kind: \(kind.map(\.rawValue) ?? "nil"), subId: \(subId), "
                + "filters: \(filters?.count ?? 0) <redacted>)"
        }
    }

    /// The JSON-RPC method.
    package enum Method: String, Codable, Hashable, Sendable {
        /// Start a subscription.
        case subscribe
        /// End a subscription.
        case unsubscribe
    }

    /// Always `"2.0"`.
    package var jsonrpc: String
    /// The request id (an integer incremented per request).
    package var id: JSONRPCID
    /// `subscribe` or `unsubscribe`.
    package var method: Method
    /// The parameters.
    package var params: Params

    /// Creates a request.
    package init(id: JSONRPCID, method: Method, params: Params) {
        self.jsonrpc = "2.0"
        self.id = id
        self.method = method
        self.params = params
    }

    /// A subscribe request.
    package static func subscribe(id: Int64, kind: SubscriptionKind, subId: String, filters: [String]) -> WsRequest {
        WsRequest(id: .int(id), method: .subscribe, params: Params(kind: kind, subId: subId, filters: filters))
    }

    /// An unsubscribe request.
    package static func unsubscribe(id: Int64, subId: String) -> WsRequest {
        WsRequest(id: .int(id), method: .unsubscribe, params: Params(subId: subId))
    }

    package var description: String { "WsRequest(id: \(id), method: \(method.rawValue), params: \(params))" }
}
