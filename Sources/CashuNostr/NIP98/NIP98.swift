// NIP-98 — HTTP Auth: a kind 27235 event naming a request's absolute URL (`u`, query included) and method, and the
// SHA-256 of its body (`payload`) when it has one, sent base64-encoded as `Authorization: Nostr <event>`; and the
// checks a server makes of one (kind, time window, `u`, `method`, `payload`, id and signature).

import CashuEngine
import Crypto

/// Builds and checks NIP-98 `Authorization` headers.
package enum NIP98 {
    /// The event kind (RFC 7235's number).
    package static let kind = 27235
    /// The authorization scheme.
    package static let scheme = "Nostr"
    /// How far an event's `created_at` may be from the server's clock (NIP-98 suggests 60 seconds).
    package static let window: Int64 = 60

    /// The unsigned event authorizing `method` on `url`, with the body's hash when there is a body.
    package static func draft(
        url: String, method: String, body: [UInt8]? = nil, pubkey: NostrPublicKey, createdAt: Int64
    ) -> NostrEventDraft {
        var tags = [["u", url], ["method", method.uppercased()]]
        if let body, !body.isEmpty { tags.append(["payload", Hex.encode(Array(SHA256.hash(data: body)))]) }
        return NostrEventDraft(pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: "")
    }

    /// The `Authorization` header value, `Nostr <base64 of the signed event's JSON>`.
    /// - Throws: ``NostrError`` only if signing fails.
    package static func header(
        url: String, method: String, body: [UInt8]? = nil, keys: NostrKeyPair, createdAt: Int64 = NostrClock.now()
    ) throws(NostrError) -> String {
        let event = try draft(url: url, method: method, body: body, pubkey: keys.publicKey, createdAt: createdAt)
            .signed(by: keys)
        return "\(scheme) " + NostrBase64.encode(Array(NIP59JSON.encode(event).utf8))
    }

    /// The event of an `Authorization` header, checked as a server checks it: the kind, `created_at` within
    /// ``window`` of `now`, `u` exactly `url`, `method` exactly `method`, the `payload` tag (when present) the
    /// body's hash, and the id and signature.
    /// - Returns: the event (its `pubkey` is who made the request).
    /// - Throws: ``NostrError`` `.malformedEvent` naming the first check that failed, `.invalidID`,
    ///   `.invalidSignature`.
    package static func verify(
        header: String, url: String, method: String, body: [UInt8] = [], now: Int64 = NostrClock.now()
    ) throws(NostrError) -> NostrEvent {
        let prefix = scheme + " "
        // Padding is optional: the NIP's own example, and some clients, leave it out.
        var encoded = String(header.dropFirst(prefix.count))
        encoded += String(repeating: "=", count: (4 - encoded.utf8.count % 4) % 4)
        guard header.hasPrefix(prefix), let json = NostrBase64.decode(encoded) else {
            throw NostrError(.malformedEvent, "not a NIP-98 authorization")
        }
        let event = try NIP59JSON.decodeEvent(String(decoding: json, as: UTF8.self))
        guard event.kind == kind else { throw NostrError(.malformedEvent, "not a kind \(kind) event") }
        guard abs(event.createdAt - now) <= window else {
            throw NostrError(.malformedEvent, "the authorization is outside the time window")
        }
        guard event.tagValues("u") == [url] else { throw NostrError(.malformedEvent, "the u tag is not the URL") }
        guard event.tagValues("method") == [method.uppercased()] else {
            throw NostrError(.malformedEvent, "the method tag is not the request's method")
        }
        if let payload = event.firstTagValue("payload"), payload != Hex.encode(Array(SHA256.hash(data: body))) {
            throw NostrError(.malformedEvent, "the payload tag is not the body's hash")
        }
        try event.verify()
        return event
    }
}
