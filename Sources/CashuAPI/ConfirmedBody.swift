// Local API: a confirmed operation (`POST /v1/prepared/{id}/confirm`).

/// What a confirm did: `done`, or `pending` (sent to the mint, not settled: its proofs stay pending). A send's token
/// is the only secret any answer of the API carries.
struct ConfirmedBody: Encodable, Sendable {
    var id: String
    var state: String
    var operation: String?
    var amount: UInt64?
    var fee: UInt64?
    var unit: String?
    var token: String?
    var preimage: String?
    /// Why it is pending, when it is.
    var message: String?
}
