// NUT-10 — Spending conditions: the well-known secret `["kind", {"nonce", "data", "tags"}]` parsed from a proof.

import Foundation

/// A proof secret in the NUT-10 well-known format.
///
/// The exact string the secret was parsed from is kept in `rawValue`: signatures and hashes are always over that
/// string, never over a re-serialization (key order and escaping of a received secret are not ours to change).
/// A secret is a bearer secret, so it prints redacted.
public struct WellKnownSecret: Hashable, Sendable, CustomStringConvertible {
    /// The kind of a spending condition, e.g. `P2PK` or `HTLC`; unknown kinds are kept as they are.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind as the secret writes it.
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        /// The kind as the secret writes it (`P2PK`, `HTLC`, or an unknown kind as received).
        public var description: String { rawValue }

        /// NUT-11 pay-to-public-key.
        package static let p2pk = Kind(rawValue: "P2PK")
        /// NUT-14 hashed timelock contract.
        package static let htlc = Kind(rawValue: "HTLC")
    }

    /// At most this many tags are accepted in a received secret.
    package static let maxTags = 64

    /// The kind of condition.
    package let kind: Kind
    /// The unique random nonce.
    package let nonce: String
    /// The kind-specific data: a public key (P2PK) or a hash lock (HTLC).
    package let data: String
    /// The tags in their original order.
    package let tags: [SecretTag]
    /// The exact secret string: the message signed under SIG_INPUTS and the input to `hash_to_curve`.
    package let rawValue: String

    init(kind: Kind, nonce: String, data: String, tags: [SecretTag], rawValue: String) {
        self.kind = kind
        self.nonce = nonce
        self.data = data
        self.tags = tags
        self.rawValue = rawValue
    }

    /// Parses a proof secret if it is in the well-known format.
    ///
    /// A secret whose first non-blank character is not `[` is a plain (random) secret and gives `nil`. Anything
    /// starting with `[` must be a complete well-known secret: a malformed one must not be mistaken for a plain,
    /// anyone-can-spend secret.
    /// - Parameter secret: the proof's `secret` string exactly as received.
    /// - Returns: the parsed secret, or `nil` for a plain secret.
    /// - Throws: ``SpendingConditionError`` `.malformedSecret` or `.invalidTag`.
    package static func parse(_ secret: String) throws(SpendingConditionError) -> WellKnownSecret? {
        guard let first = secret.utf8.first(where: { !Self.isJSONWhitespace($0) }), first == UInt8(ascii: "[") else {
            return nil
        }
        return try WellKnownSecret(parsing: secret)
    }

    /// Parses a secret that must be in the well-known format.
    ///
    /// - Parameter secret: the proof's `secret` string exactly as received.
    /// - Throws: ``SpendingConditionError`` `.malformedSecret` or `.invalidTag`.
    package init(parsing secret: String) throws(SpendingConditionError) {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(secret.utf8), options: [])
        } catch {
            throw SpendingConditionError(.malformedSecret, "secret is not valid JSON")
        }
        guard let top = json as? [Any], top.count == 2 else {
            throw SpendingConditionError(.malformedSecret, "a well-known secret is a two-element JSON array")
        }
        guard let kind = SecretTag.jsonString(top[0]), !kind.isEmpty else {
            throw SpendingConditionError(.malformedSecret, "the kind must be a non-empty string")
        }
        guard let body = top[1] as? [String: Any] else {
            throw SpendingConditionError(.malformedSecret, "the second element must be an object")
        }
        guard let nonceValue = body["nonce"], let nonce = SecretTag.jsonString(nonceValue) else {
            throw SpendingConditionError(.malformedSecret, "nonce must be a string")
        }
        guard let dataValue = body["data"], let data = SecretTag.jsonString(dataValue) else {
            throw SpendingConditionError(.malformedSecret, "data must be a string")
        }
        var tags: [SecretTag] = []
        if let tagsValue = body["tags"], !(tagsValue is NSNull) {
            guard let list = tagsValue as? [Any] else {
                throw SpendingConditionError(.invalidTag, "tags must be an array of arrays")
            }
            guard list.count <= Self.maxTags else {
                throw SpendingConditionError(.limitExceeded, "more than \(Self.maxTags) tags")
            }
            for element in list {
                tags.append(try SecretTag(jsonElements: element))
            }
        }
        self.init(kind: Kind(rawValue: kind), nonce: nonce, data: data, tags: tags, rawValue: secret)
    }

    /// The tag with `key`, if any.
    ///
    /// - Throws: ``SpendingConditionError`` `.duplicateTag` if the key appears more than once: a tag that is looked
    ///   up by key carries one meaning, so a duplicate makes the secret invalid (NUT-11 "Tags").
    package func tag(_ key: String) throws(SpendingConditionError) -> SecretTag? {
        var found: SecretTag?
        for tag in tags where tag.key == key {
            guard found == nil else {
                throw SpendingConditionError(.duplicateTag, "tag \(key) appears more than once")
            }
            found = tag
        }
        return found
    }

    /// Whether two secrets share kind, data and tags (the nonce may differ): the SIG_ALL input rule.
    package func hasSameCondition(as other: WellKnownSecret) -> Bool {
        kind == other.kind && data == other.data && tags == other.tags
    }

    /// The secret redacted; also what `String(reflecting:)`, `debugPrint` and collections print.
    public var description: String { "WellKnownSecret(kind: \(kind), <redacted>)" }

    private static func isJSONWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }
}
