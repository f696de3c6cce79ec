// NIP-47 — Nostr Wallet Connect: a request's `params`, typed for the methods a wallet service serves.

/// The params of a request, by method. Methods this module does not model keep their params as JSON.
public enum NWCRequestParams: Sendable, Hashable {
    case payInvoice(NWCPayInvoiceParams)
    case makeInvoice(NWCMakeInvoiceParams)
    case lookupInvoice(NWCLookupInvoiceParams)
    case listTransactions(NWCListTransactionsParams)
    case getBalance
    case getInfo
    case getBudget
    /// Any other method: its params as they came (`{}` when absent).
    case other(NWCJSONValue)
}
