// NIP-01 — the messages a client sends a relay: EVENT, REQ and CLOSE.

import Foundation

/// A message from a client to a relay, written as NIP-01's JSON array whose first element names it.
package enum NostrClientMessage: Sendable, Hashable {
    /// `["EVENT", <event>]`: publishes an event; the relay answers `OK`.
    case event(NostrEvent)
    /// `["REQ", <subscription id>, <filter>, ...]`: asks for the stored events matching any filter, then for new
    /// ones as they come; the relay sends `EOSE` between the two, or `CLOSED` when it refuses.
    case request(subscriptionID: String, filters: [NostrFilter])
    /// `["CLOSE", <subscription id>]`: ends a subscription.
    case close(subscriptionID: String)

    /// The message as compact JSON text.
    ///
    /// - Returns: the text of one WebSocket frame.
    /// - Throws: ``NostrError`` `.malformedMessage` for a subscription id that is empty or longer than
    ///   ``NostrSubscriptionID/maxLength`` characters, or a `REQ` without a filter.
    package func encoded() throws(NostrError) -> String {
        switch self {
        case .event:
            break
        case .request(let id, let filters):
            guard NostrSubscriptionID.isValid(id) else { throw Self.badID }
            guard !filters.isEmpty else { throw NostrError(.malformedMessage, "a REQ needs at least one filter") }
        case .close(let id):
            guard NostrSubscriptionID.isValid(id) else { throw Self.badID }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(Wire(message: self)), as: UTF8.self)
        } catch {
            throw NostrError(.malformedMessage, "the message cannot be written as JSON")
        }
    }

    private static let badID = NostrError(
        .malformedMessage, "a subscription id is 1 to \(NostrSubscriptionID.maxLength) characters")

    /// The JSON array.
    private struct Wire: Encodable {
        let message: NostrClientMessage

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            switch message {
            case .event(let event):
                try container.encode("EVENT")
                try container.encode(event)
            case .request(let id, let filters):
                try container.encode("REQ")
                try container.encode(id)
                for filter in filters { try container.encode(filter) }
            case .close(let id):
                try container.encode("CLOSE")
                try container.encode(id)
            }
        }
    }
}
