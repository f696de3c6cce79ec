// NUT-00 tokens: the decoder entry point on raw text, V3 JSON and V4 CBOR behind their prefixes, and binary V4.

@testable import CashuEngine

extension FuzzTarget {
    /// `TokenDecoder.decode(_:)` on any text: whitespace, `cashu:` scheme, prefixes, base64url, then V3 or V4.
    static let token = FuzzTarget(name: "token") { input in
        guard let token = try? TokenDecoder.decode(input.text) else { return }
        TokenRoundTrip.check(token)
        _ = try? TokenFinder.firstToken(in: input.text)
    }

    /// The JSON of a V3 token, sent through `cashuA` + base64url.
    static let tokenV3 = FuzzTarget(name: "token-v3") { input in
        guard let token = try? TokenDecoder.decode("cashuA" + Base64URL.encode(input.bytes)) else { return }
        TokenRoundTrip.check(token)
    }

    /// The CBOR of a V4 token, sent through `cashuB` + base64url.
    static let tokenV4 = FuzzTarget(name: "token-v4") { input in
        guard let token = try? TokenDecoder.decode("cashuB" + Base64URL.encode(input.bytes)) else { return }
        TokenRoundTrip.check(token)
    }

    /// `TokenDecoder.decode(binary:)` on raw bytes (`crawB` + CBOR).
    static let tokenBinary = FuzzTarget(name: "token-binary") { input in
        guard let token = try? TokenDecoder.decode(binary: input.bytes) else { return }
        TokenRoundTrip.check(token)
        guard let binary = try? token.binaryRepresentation() else { return }
        let again = mustSucceed("decoding a binary token we encoded") { try TokenDecoder.decode(binary: binary) }
        invariant((try? again.binaryRepresentation()) == binary, "binary token encodes differently after a round trip")
    }
}

/// The round-trip invariants every decoded token must keep.
enum TokenRoundTrip {
    static func check(_ token: Token) {
        invariant(token.proofCount > 0, "a decoded token has no proofs")
        invariant((try? token.totalAmount()) != nil, "a decoded token's amounts overflow")
        _ = token.description
        _ = try? token.validatePoints()

        // V3 holds anything a decoded token holds: the value comes back unchanged, and encodes to the same text.
        let v3 = mustSucceed("encoding a decoded token as V3") { try token.serialized(as: .v3) }
        let fromV3 = mustSucceed("decoding a V3 token we encoded") { try TokenDecoder.decode(v3) }
        invariant(fromV3 == token, "token changed across V3 encode → decode")
        invariant((try? fromV3.serialized(as: .v3)) == v3, "V3 token encodes differently after a round trip")

        // V4 needs one mint and a unit, and groups proofs by keyset: the same proofs come back, grouped, and a second
        // round trip changes nothing.
        guard let v4 = try? token.serialized(as: .v4) else { return }
        let fromV4 = mustSucceed("decoding a V4 token we encoded") { try TokenDecoder.decode(v4) }
        invariant(fromV4.mint == token.mint, "V4 round trip changed the mint")
        invariant(fromV4.unit == token.unit && fromV4.memo == token.memo, "V4 round trip changed unit or memo")
        invariant(counts(fromV4.proofs) == counts(token.proofs), "V4 round trip changed the proofs")
        let v4Again = mustSucceed("re-encoding a V4 token") { try fromV4.serialized(as: .v4) }
        invariant(v4Again == v4, "V4 token encodes differently after a round trip")
        let padded = mustSucceed("encoding a padded V4 token") { try fromV4.serialized(as: .v4, padded: true) }
        invariant((try? TokenDecoder.decode(padded)) == fromV4, "padded V4 token decodes differently")
    }

    private static func counts(_ proofs: [Proof]) -> [Proof: Int] {
        proofs.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}
