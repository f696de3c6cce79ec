// A named fuzz target and the list of them all (scripts/fuzz lists the names from this file, one per line).

/// One decoder (or a family of them behind a selector byte) under the fuzzer.
struct FuzzTarget: Sendable {
    /// The name scripts/fuzz takes and the corpus folder Fuzz/Corpus/<name>/.
    let name: String
    /// Feeds one input to the decoder and checks its invariants (a violation traps).
    let run: @Sendable (FuzzInput) -> Void

    /// Every target, in the order scripts/fuzz --all runs them.
    static let all: [FuzzTarget] = [
        .token, .tokenV3, .tokenV4, .tokenBinary, .cbor, .base64URL, .bech32,
        .paymentRequest, .creqA, .creqB, .paymentPayload, .bolt11,
        .mintResponse, .nut17, .secret, .lnurl, .address, .dns, .auth, .ur,
        .nostrEvent, .nostrRelay, .nip44, .nip47, .nip19,
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
