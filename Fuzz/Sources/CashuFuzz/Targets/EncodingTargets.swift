// The codecs under every format: CBOR (tokens V4, NUT-18), base64url (tokens, requests, auth), bech32/bech32m
// (NUT-26, NIP-19, BOLT-11, LNURL).

@testable import CashuEngine

extension FuzzTarget {
    /// `CBORDecoder.decode`: whatever it reads, the encoder writes in a form that reads back to the same bytes.
    static let cbor = FuzzTarget(name: "cbor") { input in
        guard let value = try? CBORDecoder.decode(input.bytes) else { return }
        let encoded = CBOREncoder.encode(value)
        let again = mustSucceed("decoding CBOR we encoded") { try CBORDecoder.decode(encoded) }
        invariant(CBOREncoder.encode(again) == encoded, "CBOR encodes differently after a round trip")
        invariant(encoded.count <= 9 * input.bytes.count + 9, "CBOR re-encoding grew past 9 bytes per input byte")
    }

    /// `Base64URL.decode` on text, and encode → decode of the raw bytes in both paddings.
    static let base64URL = FuzzTarget(name: "base64url") { input in
        for padded in [false, true] {
            let encoded = Base64URL.encode(input.bytes, padded: padded)
            let decoded = mustSucceed("decoding base64url we encoded") { try Base64URL.decode(encoded) }
            invariant(decoded == input.bytes, "base64url encode → decode changed the bytes")
        }
        guard let bytes = try? Base64URL.decode(input.text) else { return }
        let canonical = Base64URL.encode(bytes)
        invariant((try? Base64URL.decode(canonical)) == bytes, "base64url decode → encode → decode is not stable")
    }

    /// `Bech32.decode` on text, and encode → decode of the raw bytes under both checksums.
    static let bech32 = FuzzTarget(name: "bech32") { input in
        if let (hrp, data, variant) = try? Bech32.decode(input.text) {
            let encoded = mustSucceed("encoding decoded bech32") {
                try Bech32.encode(hrp: hrp, data: data, variant: variant)
            }
            invariant(encoded == input.text.lowercased(), "bech32 decode → encode does not give the input back")
            _ = try? Bech32.decodeBytes(input.text, variant: variant)
        }
        guard input.bytes.count <= 8_000 else { return }
        for variant in [Bech32.Variant.bech32, .bech32m] {
            let encoded = mustSucceed("bech32-encoding bytes") {
                try Bech32.encode(hrp: "fz", bytes: input.bytes, variant: variant)
            }
            let decoded = mustSucceed("decoding bech32 we encoded") {
                try Bech32.decodeBytes(encoded, variant: variant)
            }
            invariant(decoded.hrp == "fz" && decoded.bytes == input.bytes, "bech32 encode → decode changed the bytes")
        }
    }
}
