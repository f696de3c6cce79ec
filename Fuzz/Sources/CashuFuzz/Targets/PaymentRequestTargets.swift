// NUT-18 and NUT-26 payment requests: the entry point on raw text, creqA's CBOR and creqb's TLV behind their
// encodings, and the payload a payer sends back (JSON).

@testable import CashuEngine

extension FuzzTarget {
    /// `PaymentRequest(encoded:)` on any text (either format, any case).
    static let paymentRequest = FuzzTarget(name: "payment-request") { input in
        guard let request = try? PaymentRequest(encoded: input.text) else { return }
        PaymentRequestRoundTrip.check(request, from: input.text.lowercased().hasPrefix("creqb") ? .b : .a)
    }

    /// The CBOR of a `creqA` request, sent through `creqA` + base64url.
    static let creqA = FuzzTarget(name: "creq-a") { input in
        let text = PaymentRequest.creqAPrefix + Base64URL.encode(input.bytes, padded: true)
        guard let request = try? PaymentRequest(encoded: text) else { return }
        PaymentRequestRoundTrip.check(request, from: .a)
    }

    /// The TLV records of a `creqb` request, sent through bech32m with the `creqb` prefix.
    static let creqB = FuzzTarget(name: "creq-b") { input in
        guard let text = try? Bech32.encode(hrp: PaymentRequest.creqBHRP, bytes: input.bytes, variant: .bech32m),
            let request = try? PaymentRequest(encoded: text)
        else { return }
        PaymentRequestRoundTrip.check(request, from: .b)
    }

    /// A payer's NUT-18 payload (JSON, from a POST or a Nostr message), and a request as JSON.
    static let paymentPayload = FuzzTarget(name: "payment-payload") { input in
        guard let (choice, rest) = input.select(2) else { return }
        switch choice {
        case 0: FuzzJSON.roundTrip(PaymentRequestPayload.self, rest.bytes, same: ==)
        default: FuzzJSON.roundTrip(PaymentRequest.self, rest.bytes, same: ==)
        }
    }
}

/// A decoded request re-encodes, in its own format, to a string that decodes to the same request.
enum PaymentRequestRoundTrip {
    enum Format { case a, b }

    static func check(_ request: PaymentRequest, from format: Format) {
        let a = request.creqA()
        let fromA = mustSucceed("decoding a creqA we encoded") { try PaymentRequest(encoded: a) }
        invariant(fromA == request, "payment request changed across creqA encode → decode")

        // creqb cannot carry everything creqA can (other transports, unnumbered NUT-10 kinds): a request read from
        // creqb must encode back; one read from creqA may be refused, and when it is not, the result must be stable.
        let b: String
        if format == .b {
            b = mustSucceed("encoding a decoded creqb") { try request.creqB() }
        } else {
            guard let encoded = try? request.creqB() else { return }
            b = encoded
        }
        let fromB = mustSucceed("decoding a creqb we encoded") { try PaymentRequest(encoded: b) }
        if format == .b { invariant(fromB == request, "payment request changed across creqb encode → decode") }
        invariant((try? fromB.creqB()) == b, "creqb encodes differently after a round trip")
    }
}
