// NIP-59 — the JSON a seal and a gift wrap encrypt: an event (the seal) or an unsigned event with its id (the rumor).

import CashuEngine
import Foundation

/// Writes and reads the events NIP-59 puts inside NIP-44 payloads.
///
/// Writing uses NIP-01's string escaping, so the output is compact, deterministic JSON any parser reads; reading
/// accepts any JSON object with the fields (in any order, with any escaping).
enum NIP59JSON {
    /// `{"id":…,"pubkey":…,"created_at":…,"kind":…,"tags":…,"content":…}` and, for a signed event, `"sig":…`.
    static func encode(_ draft: NostrEventDraft, id: String, sig: String? = nil) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(draft.content.utf8.count + 256)
        out += Array("{\"id\":\"\(id)\",\"pubkey\":\"\(draft.pubkey.hex)\",".utf8)
        out += Array("\"created_at\":\(draft.createdAt),\"kind\":\(draft.kind),\"tags\":[".utf8)
        for (tagIndex, tag) in draft.tags.enumerated() {
            if tagIndex > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            for (index, value) in tag.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                NostrEventDraft.appendJSONString(value, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out += Array("],\"content\":".utf8)
        NostrEventDraft.appendJSONString(draft.content, to: &out)
        if let sig { out += Array(",\"sig\":\"\(sig)\"".utf8) }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A signed event as JSON.
    static func encode(_ event: NostrEvent) -> String {
        let draft = NostrEventDraft(
            pubkey: event.pubkey, createdAt: event.createdAt, kind: event.kind, tags: event.tags,
            content: event.content)
        return encode(draft, id: event.id, sig: event.sig)
    }

    /// A signed event from JSON (not yet verified).
    ///
    /// - Throws: ``NostrError`` `.malformedEvent`.
    static func decodeEvent(_ json: String) throws(NostrError) -> NostrEvent {
        do {
            return try JSONDecoder().decode(NostrEvent.self, from: Data(json.utf8))
        } catch {
            throw NostrError(.malformedEvent, "the decrypted event is not a NIP-01 event")
        }
    }

    /// A rumor from JSON: its fields and the id it claims, if any.
    ///
    /// - Throws: ``NostrError`` `.malformedEvent`.
    static func decodeRumor(_ json: String) throws(NostrError) -> (draft: NostrEventDraft, claimedID: String?) {
        let rumor: Rumor
        do {
            rumor = try JSONDecoder().decode(Rumor.self, from: Data(json.utf8))
        } catch {
            throw NostrError(.malformedEvent, "the decrypted rumor is not an unsigned NIP-01 event")
        }
        guard (0...65535).contains(rumor.kind) else {
            throw NostrError(.malformedEvent, "the rumor's kind is outside 0–65535")
        }
        let draft = NostrEventDraft(
            pubkey: rumor.pubkey, createdAt: rumor.createdAt, kind: rumor.kind, tags: rumor.tags,
            content: rumor.content)
        return (draft, rumor.id)
    }

    /// An unsigned event; a `sig`, which a rumor must not have, is ignored rather than trusted.
    private struct Rumor: Decodable {
        let id: String?
        let pubkey: NostrPublicKey
        let createdAt: Int64
        let kind: Int
        let tags: [[String]]
        let content: String

        enum CodingKeys: String, CodingKey {
            case id, pubkey, kind, tags, content
            case createdAt = "created_at"
        }
    }
}
