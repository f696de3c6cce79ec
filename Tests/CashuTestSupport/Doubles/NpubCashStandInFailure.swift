// Test support: a refusal of the npub.cash stand-in (NpubCashStandIn), answered `{"error":true,"message":…}`.

/// A refusal of the stand-in, answered `{"error":true,"message":…}`.
package struct NpubCashStandInFailure: Error {
    package var status = 400
    package var message: String
}
