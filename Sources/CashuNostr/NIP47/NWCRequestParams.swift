// NIP-47 — Nostr Wallet Connect: a request's `params`, typed for the methods a wallet service serves.

/// The params of a request, by method. Methods this module does not model keep their params as JSON.
package enum NWCRequestParams: Sendable, Hashable {
    /// `pay_invoice`.
    case payInvoice(NWCPayInvoiceParams)
    /// `make_invoice`.
    case makeInvoice(NWCMakeInvoiceParams)
    /// `lookup_invoice`.
    case lookupInvoice(NWCLookupInvoiceParams)
    /// `list_transactions`.
    case listTransactions(NWCListTransactionsParams)
    /// `get_balance` (no params).
    case getBalance
    /// `get_info` (no params).
    case getInfo
    /// `get_budget` (no params).
    case getBudget
    /// Any other method: its params as they came (`{}` when absent).
    case other(NWCJSONValue)
}
