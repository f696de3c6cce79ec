// NUT-17 WebSocket messages from the mint: answers to requests, and notifications decoded per subscription kind.

import Foundation

@testable import CashuEngine

extension FuzzTarget {
    /// The first byte picks a subscription kind (or a JSON-RPC answer); the rest is the message.
    static let nut17 = FuzzTarget(name: "nut17") { input in
        guard let (choice, rest) = input.select(7) else { return }
        let message = Data(rest.bytes)
        let subID = try? NotificationPayload.subscriptionID(in: message)
        let kinds: [SubscriptionKind] = [
            .bolt11MintQuote, .bolt12MintQuote, .bolt11MeltQuote, .bolt12MeltQuote, .proofState, .unknown("x"),
        ]
        guard choice < kinds.count else {
            FuzzJSON.roundTrip(WsResponse.self, rest.bytes, same: ==)
            return
        }
        guard let (decodedID, payload) = try? NotificationPayload.decode(message, kind: kinds[choice]) else { return }
        invariant(subID == decodedID, "a notification's subId reads differently in its two decoders")
        switch payload {
        case .bolt11MintQuote: FuzzJSON.roundTrip(WsNotification<MintQuoteBolt11Response>.self, rest.bytes, same: ==)
        case .bolt12MintQuote: FuzzJSON.roundTrip(WsNotification<MintQuoteBolt12Response>.self, rest.bytes, same: ==)
        case .meltQuote: FuzzJSON.roundTrip(WsNotification<MeltQuoteResponse>.self, rest.bytes, same: ==)
        case .proofState: FuzzJSON.roundTrip(WsNotification<ProofStatePayload>.self, rest.bytes, same: ==)
        }
    }
}
