// NIP-01 — reading a relay's JSON array into a NostrRelayMessage, without trusting anything in it.

import Foundation

/// The JSON side of ``NostrRelayMessage/init(parsing:maxLength:)``.
enum NostrRelayMessageParser {
    static func parse(_ text: String) throws(NostrError) -> NostrRelayMessage {
        do {
            return try JSONDecoder().decode(Wire.self, from: Data(text.utf8)).message
        } catch let error as NostrError {
            throw error
        } catch {
            throw NostrError(.malformedMessage, "not a NIP-01 relay message")
        }
    }

    /// Relay text (messages, challenges) cut to ``NostrRelayMessage/maxTextLength`` characters.
    static func bounded(_ text: String) -> String {
        text.count <= NostrRelayMessage.maxTextLength ? text : String(text.prefix(NostrRelayMessage.maxTextLength))
    }

    private struct Wire: Decodable {
        let message: NostrRelayMessage

        init(from decoder: any Decoder) throws {
            var array = try decoder.unkeyedContainer()
            let type = try array.decode(String.self)
            switch type {
            case "EVENT":
                let id = try Self.subscriptionID(&array)
                message = .event(subscriptionID: id, event: try array.decode(NostrEvent.self))
            case "OK":
                let id = try array.decode(String.self)
                guard id.utf8.count <= 64 else { throw NostrError(.malformedMessage, "an OK names no event id") }
                let accepted = try array.decode(Bool.self)
                let text = array.isAtEnd ? "" : try array.decode(String.self)
                message = .ok(eventID: id, accepted: accepted, message: bounded(text))
            case "EOSE":
                message = .endOfStoredEvents(subscriptionID: try Self.subscriptionID(&array))
            case "CLOSED":
                let id = try Self.subscriptionID(&array)
                let text = array.isAtEnd ? "" : try array.decode(String.self)
                message = .closed(subscriptionID: id, message: bounded(text))
            case "NOTICE":
                message = .notice(bounded(try array.decode(String.self)))
            case "AUTH":
                message = .auth(challenge: bounded(try array.decode(String.self)))
            default:
                throw NostrError(.malformedMessage, "not a NIP-01 relay message type")
            }
        }

        private static func subscriptionID(_ array: inout any UnkeyedDecodingContainer) throws -> String {
            let id = try array.decode(String.self)
            guard NostrSubscriptionID.isValid(id) else {
                throw NostrError(.malformedMessage, "a subscription id is 1 to 64 characters")
            }
            return id
        }
    }
}
