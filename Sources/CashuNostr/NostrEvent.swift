// NIP-01 — a signed Nostr event, as relays store and forward it.

import CashuEngine

/// A signed event. Decoding checks only the fields' shapes; call ``verify()`` before trusting one (NIP-01: relays
/// and clients must check the `id` and the signature).
package struct NostrEvent: Sendable, Hashable, Codable {
    /// The event id: SHA-256 of the canonical serialization, 64 lowercase hex characters.
    package let id: String
    /// The author.
    package let pubkey: NostrPublicKey
    /// Seconds since the Unix epoch.
    package let createdAt: Int64
    /// The kind (NIP-01 ranges: regular, replaceable 10000–19999, ephemeral 20000–29999, addressable 30000–39999).
    package let kind: Int
    /// The tags, each a non-empty array of strings.
    package let tags: [[String]]
    /// The content (plaintext or an encrypted payload).
    package let content: String
    /// The BIP-340 signature over ``id``, 128 lowercase hex characters.
    package let sig: String

    enum CodingKeys: String, CodingKey {
        case id, pubkey, kind, tags, content, sig
        case createdAt = "created_at"
    }

    /// An event from its parts, unchecked (see ``verify()``).
    package init(
        id: String, pubkey: NostrPublicKey, createdAt: Int64, kind: Int, tags: [[String]], content: String, sig: String
    ) {
        self.id = id
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.kind = kind
        self.tags = tags
        self.content = content
        self.sig = sig
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        pubkey = try container.decode(NostrPublicKey.self, forKey: .pubkey)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        kind = try container.decode(Int.self, forKey: .kind)
        tags = try container.decode([[String]].self, forKey: .tags)
        content = try container.decode(String.self, forKey: .content)
        sig = try container.decode(String.self, forKey: .sig)
        // Lowercase hex (NIP-01), not only the lengths: an id or signature with other characters would be written
        // back unescaped into the JSON of a seal (NIP59JSON), which then no longer parses (found by fuzzing).
        guard id.utf8.count == 64, sig.utf8.count == 128, Self.isLowercaseHex(id), Self.isLowercaseHex(sig),
            (0...65535).contains(kind)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: "an event id is 64 hex characters, a signature 128")
        }
    }

    private static func isLowercaseHex(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The values of the tags named `name` (their second element), in order.
    package func tagValues(_ name: String) -> [String] {
        tags.compactMap { $0.count >= 2 && $0[0] == name ? $0[1] : nil }
    }

    /// The first value of the tag named `name`.
    package func firstTagValue(_ name: String) -> String? { tagValues(name).first }

    /// Checks that ``id`` is the hash of the event and ``sig`` a valid signature of it by ``pubkey``.
    ///
    /// - Throws: ``NostrError`` `.invalidID` or `.invalidSignature`.
    package func verify() throws(NostrError) {
        let computed = NostrEventDraft(
            pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content
        ).idBytes
        guard let claimed = try? Hex.decode(id, count: 32), claimed == computed else {
            throw NostrError(.invalidID, "the event id is not the hash of the event")
        }
        guard let signature = try? Hex.decode(sig, count: 64),
            Schnorr.verify(signature: signature, message: computed, publicKey: pubkey.point)
        else {
            throw NostrError(.invalidSignature, "the event signature does not verify")
        }
    }

    /// Whether ``verify()`` passes.
    package var isValid: Bool { (try? verify()) != nil }

    /// NIP-01: `kind` 10000–19999 or 0 or 3: a relay keeps only the newest per author and kind.
    package var isReplaceable: Bool { kind == 0 || kind == 3 || (10000..<20000).contains(kind) }

    /// NIP-01: `kind` 20000–29999: relays forward but do not store.
    package var isEphemeral: Bool { (20000..<30000).contains(kind) }

    /// NIP-01: `kind` 30000–39999: a relay keeps only the newest per author, kind and `d` tag.
    package var isAddressable: Bool { (30000..<40000).contains(kind) }
}
