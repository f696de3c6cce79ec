// NIP-01 — an event before it is signed: its canonical serialization, id and signature.

import CashuEngine
import Crypto

/// An event's fields before signing. NIP-59 rumors are drafts with an id but no signature.
package struct NostrEventDraft: Sendable, Hashable {
    package var pubkey: NostrPublicKey
    package var createdAt: Int64
    package var kind: Int
    package var tags: [[String]]
    package var content: String

    package init(pubkey: NostrPublicKey, createdAt: Int64, kind: Int, tags: [[String]] = [], content: String) {
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.kind = kind
        self.tags = tags
        self.content = content
    }

    /// NIP-01's serialization, `[0,<pubkey>,<created_at>,<kind>,<tags>,<content>]`: UTF-8 JSON with no whitespace,
    /// escaping in strings only `\n`, `"`, `\\`, `\r`, `\t`, `\b`, `\f` (and, as JSON requires, the other control
    /// characters as `\u00XX`); every other character written as itself.
    package var serialization: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(content.utf8.count + 128)
        out += Array("[0,\"".utf8)
        out += Array(pubkey.hex.utf8)
        out += Array("\",\(createdAt),\(kind),[".utf8)
        for (tagIndex, tag) in tags.enumerated() {
            if tagIndex > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            for (index, value) in tag.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendJSONString(value, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out += Array("],".utf8)
        Self.appendJSONString(content, to: &out)
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// SHA-256 of ``serialization``.
    package var idBytes: [UInt8] { Array(SHA256.hash(data: serialization)) }

    /// ``idBytes`` as 64 lowercase hex characters.
    package var id: String { Hex.encode(idBytes) }

    /// Signs the draft.
    ///
    /// - Throws: ``NostrError`` `.invalidKey` if `keys` is not the draft's ``pubkey``.
    package func signed(by keys: NostrKeyPair) throws(NostrError) -> NostrEvent {
        guard keys.publicKey == pubkey else {
            throw NostrError(.invalidKey, "the signing key is not the event's pubkey")
        }
        let digest = idBytes
        let signature: [UInt8]
        do {
            signature = try Schnorr.sign(message: digest, key: keys.privateKey)
        } catch {
            throw NostrError(.invalidKey, "the key cannot sign")
        }
        return NostrEvent(
            id: Hex.encode(digest), pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content,
            sig: Hex.encode(signature))
    }

    static func appendJSONString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension NostrEventDraft {
    /// A draft by `keys` stamped now (or at `createdAt`).
    package init(
        by keys: NostrKeyPair, kind: Int, tags: [[String]] = [], content: String, createdAt: Int64? = nil
    ) {
        self.init(
            pubkey: keys.publicKey, createdAt: createdAt ?? NostrClock.now(), kind: kind, tags: tags,
            content: content)
    }
}
