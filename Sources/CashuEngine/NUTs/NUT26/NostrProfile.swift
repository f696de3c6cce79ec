// NUT-26 — Payment request bech32m encoding: NIP-19 `npub`/`nprofile` keys of Nostr transports.

/// A Nostr public key with optional relay hints, as NIP-19 writes it: `npub` (key only) or `nprofile` (bech32 over
/// TLV: type 0 = 32-byte key, type 1 = relay URL, each with a one-byte length).
package struct NostrProfile: Hashable, Sendable {
    /// The 32-byte x-only public key.
    package let publicKey: [UInt8]
    /// Relay URLs, in order.
    package var relays: [String]

    /// Creates a profile.
    ///
    /// - Throws: ``EncodingFailure`` `.invalidLength` unless `publicKey` has 32 bytes.
    package init(publicKey: [UInt8], relays: [String] = []) throws(EncodingFailure) {
        guard publicKey.count == 32 else {
            throw EncodingFailure(.invalidLength, "a Nostr public key has 32 bytes, not \(publicKey.count)")
        }
        self.publicKey = publicKey
        self.relays = relays
    }

    /// Parses an `npub…` or `nprofile…` string (bech32, either case, checksum verified; unknown TLV types ignored).
    ///
    /// - Throws: ``EncodingFailure`` from ``Bech32``; `.invalidPrefix` for another `hrp`; `.invalidLength` for a key
    ///   that is not 32 bytes; `.truncated`/`.missingField`/`.invalidField` for a malformed `nprofile`.
    package init(nip19 string: String) throws(EncodingFailure) {
        let (hrp, bytes) = try Bech32.decodeBytes(string, variant: .bech32)
        switch hrp {
        case "npub":
            try self.init(publicKey: bytes)
        case "nprofile":
            var key: [UInt8]?
            var relays: [String] = []
            var index = 0
            while index < bytes.count {
                guard bytes.count - index >= 2 else {
                    throw EncodingFailure(.truncated, "nprofile TLV header cut short")
                }
                let type = bytes[index]
                let length = Int(bytes[index + 1])
                index += 2
                guard length <= bytes.count - index else {
                    throw EncodingFailure(.truncated, "nprofile TLV length runs past the end")
                }
                let value = bytes[index..<index + length]
                index += length
                switch type {
                case 0 where key == nil: key = Array(value)
                case 0: throw EncodingFailure(.invalidField, "nprofile carries two public keys")
                case 1: relays.append(try decodeUTF8(value, "nprofile relay"))
                default: continue
                }
            }
            guard let key else { throw EncodingFailure(.missingField, "nprofile without a public key") }
            try self.init(publicKey: key, relays: relays)
        default:
            throw EncodingFailure(.invalidPrefix, "not an npub or nprofile")
        }
    }

    /// The `npub` form (relays dropped).
    package var npub: String {
        // 32 bytes under a 4-letter hrp is far inside every limit, so this cannot fail.
        (try? Bech32.encode(hrp: "npub", bytes: publicKey, variant: .bech32)) ?? ""
    }

    /// The `nprofile` form: key first, then each relay.
    ///
    /// - Throws: ``EncodingFailure`` `.limitExceeded` for a relay URL over 255 bytes or a result too long for bech32.
    package func nprofile() throws(EncodingFailure) -> String {
        var tlv: [UInt8] = [0, 32] + publicKey
        for relay in relays {
            let utf8 = Array(relay.utf8)
            guard utf8.count <= Int(UInt8.max) else {
                throw EncodingFailure(.limitExceeded, "nprofile relay URL longer than 255 bytes")
            }
            tlv += [1, UInt8(utf8.count)] + utf8
        }
        return try Bech32.encode(hrp: "nprofile", bytes: tlv, variant: .bech32)
    }

    /// NUT-26 §Nostr Transport Details: `npub` when there are no relays, else `nprofile`.
    package func nip19() throws(EncodingFailure) -> String {
        relays.isEmpty ? npub : try nprofile()
    }
}
