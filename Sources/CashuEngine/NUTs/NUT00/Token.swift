// NUT-00 — Cryptography and models: the token a user sends to another user, in any serialization (V3, V4, binary).

/// A Cashu token: proofs from one or more mints, with a unit and an optional memo.
///
/// Tokens come from ``decode(_:)`` (text: `cashuA…`, `cashuB…`, optionally behind a `cashu:` URI scheme) or
/// `decode(binary:)` (`crawB…` bytes), and go out through ``serialized(as:padded:)`` and `binaryRepresentation()`.
///
/// The model follows V3, the more general format: a list of ``entries``, one per mint. V4 tokens (the default and the
/// only form new wallets should send) always have exactly one entry and a unit.
///
/// A token is a bearer instrument: its ``description`` shows mints, unit and amounts only, never the proofs' secrets
/// or the serialized string.
public struct Token: Hashable, Sendable, CustomStringConvertible {
    /// A token serialization format (NUT-00 §0.3).
    public enum Version: Hashable, Sendable, CaseIterable, PackageNamed {
        /// `cashuA` + base64url(JSON); deprecated, may hold several mints.
        case v3
        /// `cashuB` + base64url(CBOR); one mint.
        case v4

        /// The letter after `cashu` in the serialized token.
        package var rawValue: String {
            switch self {
            case .v3: "A"
            case .v4: "B"
            }
        }
    }

    /// The proofs, grouped by mint (one entry for V4).
    public var entries: [TokenEntry]
    /// The currency unit of the proofs' keysets (e.g. `sat`). Required by V4, optional in V3.
    public var unit: String?
    /// An optional human-readable memo from the sender.
    public var memo: String?

    /// Creates a token from per-mint entries.
    ///
    /// - Parameters:
    ///   - entries: One entry per mint.
    ///   - unit: The currency unit.
    ///   - memo: An optional memo.
    package init(entries: [TokenEntry], unit: String?, memo: String? = nil) {
        self.entries = entries
        self.unit = unit
        self.memo = memo
    }

    /// Creates a single-mint token (the only kind V4 can carry).
    ///
    /// - Parameters:
    ///   - mint: The mint URL; trailing slashes are stripped.
    ///   - unit: The currency unit.
    ///   - memo: An optional memo.
    ///   - proofs: The proofs.
    package init(mint: String, unit: String, memo: String? = nil, proofs: [Proof]) {
        self.init(entries: [TokenEntry(mint: mint, proofs: proofs)], unit: unit, memo: memo)
    }

    /// The mint URL when every entry is from one mint, else `nil`.
    package var mint: String? {
        guard let first = entries.first?.mint, entries.allSatisfy({ $0.mint == first }) else { return nil }
        return first
    }

    /// The distinct mint URLs, in token order.
    public var mints: [String] {
        var seen = Set<String>()
        return entries.map(\.mint).filter { seen.insert($0).inserted }
    }

    /// Every proof of every entry, in token order.
    public var proofs: [Proof] { entries.flatMap(\.proofs) }

    /// The number of proofs.
    public var proofCount: Int { entries.reduce(0) { $0 + $1.proofs.count } }

    /// The sum of all proof amounts.
    ///
    /// - Throws: `EncodingFailure` `.amountOverflow` when the sum does not fit in `UInt64`.
    public func totalAmount() throws -> UInt64 {
        var total: UInt64 = 0
        for entry in entries {
            for proof in entry.proofs {
                let (sum, overflow) = total.addingReportingOverflow(proof.amount)
                guard !overflow else { throw EncodingFailure(.amountOverflow, "token amounts overflow UInt64") }
                total = sum
            }
        }
        return total
    }

    /// The distinct keyset ids the proofs use (short ids as they appear), in token order.
    package var keysetIDs: [KeysetID] {
        var seen = Set<KeysetID>()
        var out: [KeysetID] = []
        for entry in entries {
            for proof in entry.proofs where seen.insert(proof.id).inserted { out.append(proof.id) }
        }
        return out
    }

    /// Whether any proof carries an 8-byte short v2 keyset id that must be resolved before use.
    package var hasShortKeysetIDs: Bool { entries.contains { $0.proofs.contains { $0.id.isShort } } }

    /// The token with every short keyset id replaced by the full id it designates (NUT-00 "Short keyset ID").
    ///
    /// Full ids are left as they are; checking that they belong to the mint is the verifier's job.
    ///
    /// - Parameter known: The mint's full keyset ids (from `GET /v1/keysets`).
    /// - Returns: The token with only full keyset ids.
    /// - Throws: `EncodingFailure` `.unknownKeyset` when a short id matches no known id, `.ambiguousKeyset` when it
    ///   matches several (the spec requires parsing to fail then).
    package func resolvingShortIDs(against known: [KeysetID]) throws(EncodingFailure) -> Token {
        guard hasShortKeysetIDs else { return self }
        var resolved: [KeysetID: KeysetID] = [:]
        var copy = self
        for e in copy.entries.indices {
            for p in copy.entries[e].proofs.indices {
                let id = copy.entries[e].proofs[p].id
                guard id.isShort else { continue }
                if let full = resolved[id] {
                    copy.entries[e].proofs[p].id = full
                } else {
                    let full = try id.resolve(among: known)
                    resolved[id] = full
                    copy.entries[e].proofs[p].id = full
                }
            }
        }
        return copy
    }

    /// Mints, unit, total amount and proof count; never secrets or the serialized token.
    public var description: String {
        let amount = (try? totalAmount()).map(String.init) ?? "overflow"
        return "Token(mints: \(mints), unit: \(unit ?? "-"), amount: \(amount), proofs: \(proofCount))"
    }
}

extension Token {
    /// Decodes a serialized token: `cashuA…` (V3) or `cashuB…` (V4), optionally as a `cashu:` URI, surrounding
    /// whitespace ignored.
    ///
    /// - Parameter string: The serialized token.
    /// - Returns: The token, with keyset ids as written (call `resolvingShortIDs(against:)` before use).
    /// - Throws: `EncodingFailure` (`.invalidPrefix`, `.limitExceeded`, `.invalidBase64`, `.invalidCBOR`,
    ///   `.invalidJSON`, `.truncated`, `.missingField`, `.invalidField`, `.invalidLength`, `.amountOverflow`) or
    ///   `CryptoError` (`.invalidPoint`, `.invalidScalar`) for a signature, key or DLEQ value that is not valid.
    public static func decode(_ string: String) throws -> Token {
        try TokenDecoder.decode(string)
    }

    /// Decodes a binary token: `utf8("craw") || utf8("B") || cbor(token)` (NUT-00 "Binary Token").
    ///
    /// - Parameter binary: The raw bytes.
    /// - Returns: The token.
    /// - Throws: As ``decode(_:)``.
    package static func decode(binary: [UInt8]) throws -> Token {
        try TokenDecoder.decode(binary: binary)
    }

    /// The token as a `cashuA…` or `cashuB…` string.
    ///
    /// V4 groups proofs by keyset id (groups in order of first appearance), so proofs of interleaved keysets come
    /// back from decoding in grouped order.
    ///
    /// - Parameters:
    ///   - version: The format; V4 unless the receiver only understands V3.
    ///   - padded: Whether to end the base64url text with `=` padding (decoders accept both; default none).
    /// - Returns: The serialized token.
    /// - Throws: `EncodingFailure` `.invalidField` when V4 is asked for a token of several mints or no proofs,
    ///   `.missingField` when V4 is asked for a token without a unit or mint URL (or with an empty one).
    public func serialized(as version: Version = .v4, padded: Bool = false) throws -> String {
        try encoded(as: version, padded: padded)
    }

    /// ``serialized(as:padded:)`` with its typed error, for the library's own callers.
    package func encoded(as version: Version = .v4, padded: Bool = false) throws(EncodingFailure) -> String {
        let payload: [UInt8]
        switch version {
        case .v3: payload = TokenV3Coding.encode(self)
        case .v4: payload = try TokenV4Coding.encode(self)
        }
        return TokenDecoder.textPrefix + version.rawValue + Base64URL.encode(payload, padded: padded)
    }

    /// The token as binary V4: `utf8("craw") || utf8("B") || cbor(token)` (NUT-00 "Binary Token").
    ///
    /// - Returns: The bytes.
    /// - Throws: As ``serialized(as:padded:)`` for V4.
    package func binaryRepresentation() throws(EncodingFailure) -> [UInt8] {
        var out = Array((TokenDecoder.binaryPrefix + Version.v4.rawValue).utf8)
        out.append(contentsOf: try TokenV4Coding.encode(self))
        return out
    }
}
