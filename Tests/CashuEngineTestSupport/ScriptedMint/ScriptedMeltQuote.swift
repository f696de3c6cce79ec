// Test support: a bolt11 melt quote as a ScriptedMint keeps it, with the payment in flight and its change.

import CashuEngine

/// A melt quote held by a ``ScriptedMint``.
struct ScriptedMeltQuote: Sendable {
    /// What a melt left in flight (``MeltBehaviour/pending``) needs to settle later.
    struct InFlight: Sendable {
        /// The inputs' `Y`s, `PENDING` at the mint.
        var inputs: [CompressedPoint]
        /// The NUT-08 blank outputs of the melt.
        var blankOutputs: [BlindedMessage]
        /// What the inputs are worth after their input fee.
        var available: UInt64
    }

    var id: String
    var request: String
    var amount: UInt64
    var feeReserve: UInt64
    var unit: CurrencyUnit
    var state: MeltQuoteState
    var expiry: UInt64
    /// The BOLT #11 payment hash of the invoice.
    var paymentHash: [UInt8]
    var preimage: String?
    /// NUT-08 change, once paid with blank outputs.
    var change: [BlindSignature]?
    /// The payment in flight, while ``state`` is `PENDING`.
    var inFlight: InFlight?
    /// This quote's own behaviour, overriding the mint's.
    var behaviour: MeltBehaviour?

    /// The quote as the mint answers it.
    var response: MeltQuoteResponse {
        MeltQuoteResponse(
            quote: id, request: request, amount: amount, unit: unit, feeReserve: feeReserve, state: state,
            expiry: expiry, paymentPreimage: state == .paid ? preimage : nil, change: state == .paid ? change : nil)
    }
}
