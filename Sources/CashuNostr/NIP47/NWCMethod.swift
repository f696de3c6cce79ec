// NIP-47 — Nostr Wallet Connect: request methods ("Commands"), unknown ones kept by name.

/// A NIP-47 method name. Names this module does not know are kept as they are.
public struct NWCMethod: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `pay_invoice`: pay a BOLT-11 invoice.
    package static let payInvoice = NWCMethod(rawValue: "pay_invoice")
    /// `pay_keysend`: a spontaneous payment to a node.
    package static let payKeysend = NWCMethod(rawValue: "pay_keysend")
    /// `multi_pay_invoice`: several invoices at once.
    package static let multiPayInvoice = NWCMethod(rawValue: "multi_pay_invoice")
    /// `multi_pay_keysend`: several keysends at once.
    package static let multiPayKeysend = NWCMethod(rawValue: "multi_pay_keysend")
    /// `make_invoice`: make an invoice to be paid.
    package static let makeInvoice = NWCMethod(rawValue: "make_invoice")
    /// `lookup_invoice`: an invoice or payment by payment hash or invoice.
    package static let lookupInvoice = NWCMethod(rawValue: "lookup_invoice")
    /// `list_transactions`: invoices and payments.
    package static let listTransactions = NWCMethod(rawValue: "list_transactions")
    /// `get_balance`: the wallet's balance.
    package static let getBalance = NWCMethod(rawValue: "get_balance")
    /// `get_info`: the wallet and what this connection may do.
    package static let getInfo = NWCMethod(rawValue: "get_info")
    /// `get_budget`: proposed for NIP-47 (nostr-protocol/nips commit 17cd5be), served by Alby Hub and others.
    package static let getBudget = NWCMethod(rawValue: "get_budget")
    /// `sign_message`: sign a message with the node's key.
    package static let signMessage = NWCMethod(rawValue: "sign_message")
    /// `make_hold_invoice`: a hold invoice for a given payment hash.
    package static let makeHoldInvoice = NWCMethod(rawValue: "make_hold_invoice")
    /// `cancel_hold_invoice`.
    package static let cancelHoldInvoice = NWCMethod(rawValue: "cancel_hold_invoice")
    /// `settle_hold_invoice`.
    package static let settleHoldInvoice = NWCMethod(rawValue: "settle_hold_invoice")

    /// The methods a Cashu wallet service can serve: paying and making invoices, looking them up, the balance,
    /// the service's info and the connection's budget.
    public static let walletServiceMethods: [NWCMethod] = [
        .payInvoice, .makeInvoice, .lookupInvoice, .listTransactions, .getBalance, .getInfo, .getBudget,
    ]

    /// Whether the method spends from the wallet (a connection's budget applies to it).
    package var spends: Bool { [.payInvoice, .payKeysend, .multiPayInvoice, .multiPayKeysend].contains(self) }

    public var description: String { rawValue }

    public static func < (lhs: NWCMethod, rhs: NWCMethod) -> Bool { lhs.rawValue < rhs.rawValue }
}
