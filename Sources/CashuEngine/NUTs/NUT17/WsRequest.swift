// NUT-17 — WebSockets: a wallet's JSON-RPC `subscribe` / `unsubscribe` request.

/// `{"jsonrpc": "2.0", "id", "method", "params": {kind?, subId, filters?}}`.
public struct WsRequest: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The request parameters.
    public struct Params: Codable, Hashable, Sendable, CustomStringConvertible {
        /// The subscription kind (subscribe only).
        public var kind: SubscriptionKind?
        /// The wallet-chosen subscription id.
        public var subId: String
        /// Quote ids or proof `Y`s to watch (subscribe only).
        public var filters: [String]?

        /// Creates parameters.
        public init(kind: SubscriptionKind? = nil, subId: String, filters: [String]? = nil) {
            self.kind = kind
            self.subId = subId
            self.filters = filters
        }

        // Filters of quote kinds are mint quote ids, which let anyone who reads them mint the quote.
        public var description: String {
            "Params(kind: \(kind.map(\.rawValue) ?? "nil"), subId: \(subId), "
                + "filters: \(filters?.count ?? 0) <redacted>)"
        }
    }

    /// The JSON-RPC method.
    public enum Method: String, Codable, Hashable, Sendable {
        /// Start a subscription.
        case subscribe
        /// End a subscription.
        case unsubscribe
    }

    /// Always `"2.0"`.
    public var jsonrpc: String
    /// The request id (an integer incremented per request).
    public var id: JSONRPCID
    /// `subscribe` or `unsubscribe`.
    public var method: Method
    /// The parameters.
    public var params: Params

    /// Creates a request.
    public init(id: JSONRPCID, method: Method, params: Params) {
        self.jsonrpc = "2.0"
        self.id = id
        self.method = method
        self.params = params
    }

    /// A subscribe request.
    public static func subscribe(id: Int64, kind: SubscriptionKind, subId: String, filters: [String]) -> WsRequest {
        WsRequest(id: .int(id), method: .subscribe, params: Params(kind: kind, subId: subId, filters: filters))
    }

    /// An unsubscribe request.
    public static func unsubscribe(id: Int64, subId: String) -> WsRequest {
        WsRequest(id: .int(id), method: .unsubscribe, params: Params(subId: subId))
    }

    public var description: String { "WsRequest(id: \(id), method: \(method.rawValue), params: \(params))" }
}
