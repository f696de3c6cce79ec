// NUT-18 — Payment requests: error codes specific to decoding `creqA`/`creqb` requests.

extension EncodingFailure.Code {
    /// A transport kind the encoding cannot represent (NUT-26 knows only nostr = 0 and http_post = 1).
    package static let unsupportedTransport = EncodingFailure.Code(rawValue: "unsupportedTransport")
}
