// NIP-01 — a Nostr public key: 32 bytes, the x coordinate of a secp256k1 point with even y (BIP-340).

import CashuEngine

/// An x-only public key, written as 64 lowercase hex characters in events and filters.
public struct NostrPublicKey: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The 32 bytes.
    package let bytes: [UInt8]
    /// The curve point with even y whose x coordinate ``bytes`` is.
    package let point: Point

    /// The x-only key of `point` (the point with even y and the same x).
    package init(of point: Point) {
        self.bytes = point.xOnly
        self.point = point.hasEvenY ? point : point.negated()
    }

    /// A key from its 32 bytes.
    ///
    /// - Throws: ``NostrError`` `.invalidKey` unless the bytes are the x coordinate of a point on the curve.
    package init(bytes: [UInt8]) throws(NostrError) {
        guard bytes.count == 32, let point = try? Point(xOnly: bytes) else {
            throw NostrError(.invalidKey, "not an x-only secp256k1 public key")
        }
        self.bytes = bytes
        self.point = point
    }

    /// A key from 64 hex characters (either case).
    ///
    /// - Throws: ``NostrError`` `.invalidKey`.
    package init(hex: some StringProtocol) throws(NostrError) {
        guard let bytes = try? Hex.decode(hex, count: 32) else {
            throw NostrError(.invalidKey, "a Nostr public key is 64 hex characters")
        }
        try self.init(bytes: bytes)
    }

    /// The key as an `npub`/`nprofile` holder (NIP-19).
    package init(profile: NostrProfile) throws(NostrError) { try self.init(bytes: profile.publicKey) }

    /// 64 lowercase hex characters.
    public var hex: String { Hex.encode(bytes) }

    /// The NIP-19 `npub`.
    package var npub: String { (try? NostrProfile(publicKey: bytes))?.npub ?? hex }

    public var description: String { hex }

    public static func < (lhs: NostrPublicKey, rhs: NostrPublicKey) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(hex: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.reason)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
