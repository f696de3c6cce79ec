// NUT-17 — WebSockets: sorting a mint's text message into an answer to a request or a notification.

import CoreCashu
import Foundation

/// A text message from the mint, sorted by shape (the kind of a notification is known only from its `subId`).
enum InboundMessage: Sendable {
    /// An answer (result or error) to the request with this id.
    case response(WsResponse)
    /// A notification for this subscription; the raw message is decoded once its kind is known.
    case notification(subId: String, message: Data)

    private struct Shape: Decodable {
        var id: JSONRPCID?
        var method: String?
        var result: WsResponse.Result?
        var error: WsResponse.ErrorObject?
    }

    /// Sorts a message; `nil` for anything else (malformed JSON, unknown methods), which the client ignores.
    static func parse(_ text: String) -> InboundMessage? {
        let data = Data(text.utf8)
        guard let shape = try? JSONDecoder().decode(Shape.self, from: data) else { return nil }
        if shape.result != nil || shape.error != nil {
            return .response(WsResponse(result: shape.result, error: shape.error, id: shape.id))
        }
        guard shape.method == "subscribe", let subId = try? NotificationPayload.subscriptionID(in: data) else {
            return nil
        }
        return .notification(subId: subId, message: data)
    }
}
