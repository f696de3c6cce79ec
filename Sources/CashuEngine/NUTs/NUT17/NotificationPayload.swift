// NUT-17 — WebSockets: a notification payload decoded per subscription kind.

import Foundation

/// A notification payload decoded according to its subscription kind.
package enum NotificationPayload: Hashable, Sendable {
    /// A bolt11 mint quote.
    case bolt11MintQuote(MintQuoteBolt11Response)
    /// A bolt12 mint quote.
    case bolt12MintQuote(MintQuoteBolt12Response)
    /// A bolt11 or bolt12 melt quote.
    case meltQuote(MeltQuoteResponse)
    /// A proof state.
    case proofState(ProofStatePayload)

    private struct Header: Decodable {
        struct Params: Decodable { var subId: String }
        var params: Params
    }

    /// The `subId` of a notification message, to find the kind the wallet subscribed with.
    ///
    /// - Throws: ``EncodingFailure`` `.invalidJSON` when the message is not a notification.
    package static func subscriptionID(in message: Data) throws(EncodingFailure) -> String {
        do {
            return try JSONDecoder().decode(Header.self, from: message).params.subId
        } catch {
            throw EncodingFailure(.invalidJSON, "message is not a NUT-17 notification")
        }
    }

    /// Decodes a notification message whose subscription has `kind`.
    ///
    /// - Returns: the subscription id and the typed payload.
    /// - Throws: ``EncodingFailure`` `.invalidJSON` for a malformed message or payload, `.invalidField` for a kind
    ///   this library cannot decode.
    package static func decode(_ message: Data, kind: SubscriptionKind) throws(EncodingFailure) -> (
        subId: String, payload: NotificationPayload
    ) {
        do {
            switch kind {
            case .bolt11MintQuote:
                let n = try JSONDecoder().decode(WsNotification<MintQuoteBolt11Response>.self, from: message)
                return (n.params.subId, .bolt11MintQuote(n.params.payload))
            case .bolt12MintQuote:
                let n = try JSONDecoder().decode(WsNotification<MintQuoteBolt12Response>.self, from: message)
                return (n.params.subId, .bolt12MintQuote(n.params.payload))
            case .bolt11MeltQuote, .bolt12MeltQuote:
                let n = try JSONDecoder().decode(WsNotification<MeltQuoteResponse>.self, from: message)
                return (n.params.subId, .meltQuote(n.params.payload))
            case .proofState:
                let n = try JSONDecoder().decode(WsNotification<ProofStatePayload>.self, from: message)
                return (n.params.subId, .proofState(n.params.payload))
            case .unknown(let name):
                throw EncodingFailure(.invalidField, "cannot decode notifications of kind \(name)")
            }
        } catch let failure as EncodingFailure {
            throw failure
        } catch {
            throw EncodingFailure(.invalidJSON, "notification payload does not match kind \(kind)")
        }
    }
}
