// NIP-47 — Nostr Wallet Connect: a response's `result`, typed by its `result_type`.

/// The result of a successful request.
package enum NWCResult: Sendable, Hashable {
    /// `pay_invoice`, `pay_keysend`: `{preimage, fees_paid}`.
    case payment(NWCPayResult)
    /// `make_invoice`, `lookup_invoice`: one transaction.
    case transaction(NWCTransaction)
    /// `list_transactions`: `{transactions: […]}`.
    case transactions([NWCTransaction])
    /// `get_balance`: `{balance}`, msats.
    case balance(msat: UInt64)
    /// `get_info`.
    case info(NWCInfo)
    /// `get_budget`.
    case budget(NWCBudgetInfo)
    /// Any other result, as JSON.
    case other(NWCJSONValue)

    /// The result as a JSON value.
    var json: NWCJSONValue {
        switch self {
        case .payment(let value): NWCJSONValue(encoding: value)
        case .transaction(let value): NWCJSONValue(encoding: value)
        case .transactions(let value): .object(["transactions": NWCJSONValue(encoding: value)])
        case .balance(let msat): .object(["balance": NWCJSONValue(encoding: msat)])
        case .info(let value): NWCJSONValue(encoding: value)
        case .budget(let value): NWCJSONValue(encoding: value)
        case .other(let value): value
        }
    }

    /// The result of a `resultType` response from its JSON.
    ///
    /// - Throws: when the JSON does not have the result type's shape.
    init(resultType: String, json: NWCJSONValue) throws {
        switch NWCMethod(rawValue: resultType) {
        case .payInvoice, .payKeysend: self = .payment(try json.decoded())
        case .makeInvoice, .lookupInvoice, .makeHoldInvoice: self = .transaction(try json.decoded())
        case .listTransactions: self = .transactions(try json.decoded(Transactions.self).transactions)
        case .getBalance: self = .balance(msat: try json.decoded(Balance.self).balance)
        case .getInfo: self = .info(try json.decoded())
        case .getBudget: self = .budget(try json.decoded())
        default: self = .other(json)
        }
    }

    private struct Transactions: Decodable { var transactions: [NWCTransaction] }
    private struct Balance: Decodable { var balance: UInt64 }
}
