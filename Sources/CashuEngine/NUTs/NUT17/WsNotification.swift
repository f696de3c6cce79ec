// NUT-17 — WebSockets: a mint's `subscribe` notification, decoded with the payload type of its subscription.

/// `{"jsonrpc": "2.0", "method": "subscribe", "params": {subId, payload}}`.
///
/// The message does not name its kind: the wallet knows it from the `subId` it chose, so decoding is two steps
/// (`subscriptionID(in:)`, then ``NotificationPayload/decode(_:kind:)``).
package struct WsNotification<Payload: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The notification parameters.
    package struct Params: Codable, Hashable, Sendable {
        /// The subscription this notification belongs to.
        package var subId: String
        /// The new state of the watched object.
        package var payload: Payload

        /// Creates parameters.
        package init(subId: String, payload: Payload) {
            self.subId = subId
            self.payload = payload
        }
    }

    /// Always `"2.0"`.
    package var jsonrpc: String
    /// Always `"subscribe"`.
    package var method: String
    /// The parameters.
    package var params: Params

    /// Creates a notification.
    package init(subId: String, payload: Payload) {
        self.jsonrpc = "2.0"
        self.method = "subscribe"
        self.params = Params(subId: subId, payload: payload)
    }
}
