// Local API: one of the wallet's mints (`GET /v1/mints`).

/// A mint: its URL, its name when known, whether it is the default.
struct MintBody: Encodable, Sendable {
    var url: String
    var name: String?
    var `default`: Bool
}
