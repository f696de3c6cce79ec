// NIP-01 events and relay messages, NIP-59 seals and rumors, and the NUT-27 mint-list backup inside one.

import Foundation

@testable import CashuEngine
@testable import CashuNostr

extension FuzzTarget {
    /// The first byte picks the decoder: a signed event, a NIP-59 rumor, or a NUT-27 backup's plaintext.
    static let nostrEvent = FuzzTarget(name: "nostr-event") { input in
        guard let (choice, rest) = input.select(3) else { return }
        switch choice {
        case 0:
            FuzzJSON.roundTrip(NostrEvent.self, rest.bytes, same: ==)
            guard let event = try? NIP59JSON.decodeEvent(rest.text) else { return }
            _ = event.isValid
            _ = (event.isReplaceable, event.isEphemeral, event.isAddressable, event.firstTagValue("p"))
            let json = NIP59JSON.encode(event)
            let again = mustSucceed("decoding an event we wrote") { try NIP59JSON.decodeEvent(json) }
            invariant(again == event, "event changed across NIP-59 JSON encode → decode")
        case 1:
            _ = try? NIP59JSON.decodeRumor(rest.text)
        default:
            FuzzJSON.roundTrip(MintListBackup.self, rest.bytes, same: ==)
        }
    }

    /// `NostrRelayMessage(parsing:)` on any text (EVENT, OK, EOSE, CLOSED, NOTICE, AUTH).
    static let nostrRelay = FuzzTarget(name: "nostr-relay") { input in
        guard let message = try? NostrRelayMessage(parsing: input.text) else { return }
        _ = message.type
        switch message {
        case .ok(_, _, let text), .closed(_, let text), .notice(let text), .auth(let text):
            invariant(text.count <= NostrRelayMessage.maxTextLength, "relay text longer than the limit")
        case .event(let id, _), .endOfStoredEvents(let id):
            invariant(NostrSubscriptionID.isValid(id), "an invalid subscription id was accepted")
        }
    }
}
