// NUT-26 — Payment request bech32m encoding: the one entry point that reads either `creqA` or `creqb` requests.

extension PaymentRequest {
    /// Decodes a payment request in either format (NUT-26 §Encoded Request Format): a string starting with `creqA`
    /// (any case) is NUT-18 CBOR + base64url; a bech32m string with `hrp` `creqb` is NUT-26 TLV.
    ///
    /// - Parameter encoded: The request, without URI scheme or surrounding whitespace.
    /// - Throws: `EncodingFailure`: `.invalidPrefix` for anything else, `.limitExceeded` past
    ///   `maximumEncodedLength`, otherwise the error of `decodeCreqA(_:)` or `decodeCreqB(_:)`.
    public init(encoded: String) throws {
        try self.init(parsing: encoded)
    }

    /// ``init(encoded:)`` with its typed error, for the library's own callers.
    package init(parsing encoded: String) throws(EncodingFailure) {
        let utf8 = encoded.utf8
        guard utf8.count <= Self.maximumEncodedLength else {
            throw EncodingFailure(.limitExceeded, "payment request longer than \(Self.maximumEncodedLength) characters")
        }
        let head = String(decoding: utf8.prefix(6), as: UTF8.self).lowercased()
        if head.hasPrefix("creqa") {
            self = try Self.decodeCreqA(encoded)
        } else if head == Self.creqBHRP + "1" {
            self = try Self.decodeCreqB(encoded)
        } else {
            throw EncodingFailure(.invalidPrefix, "not a creqA or creqb payment request")
        }
    }
}
