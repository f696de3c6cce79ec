// Test support: a bolt11 mint quote as a ScriptedMint keeps it.

import CashuEngine

/// A mint quote held by a ``ScriptedMint``.
struct ScriptedMintQuote: Sendable {
    var id: String
    var request: String
    var amount: UInt64
    var unit: CurrencyUnit
    var state: MintQuoteState
    var expiry: UInt64
    /// The NUT-20 lock, when the wallet gave one.
    var pubkey: Point?

    /// The quote as the mint answers it.
    var response: MintQuoteBolt11Response {
        MintQuoteBolt11Response(
            quote: id, request: request, amount: amount, unit: unit, state: state, expiry: expiry, pubkey: pubkey)
    }
}
