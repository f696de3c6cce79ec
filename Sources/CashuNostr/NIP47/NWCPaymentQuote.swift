// NIP-47 — Nostr Wallet Connect: a payment the wallet is ready to make, with the most it may cost (for a Cashu
// wallet, a NUT-05 melt quote).

/// What paying an invoice will cost, before it is paid: the service reserves the budget from it.
package struct NWCPaymentQuote: Sendable, Hashable {
    /// The wallet's handle for the payment (a melt quote id).
    package var id: String
    /// The invoice.
    package var invoice: String
    /// The invoice's payment hash, hex.
    package var paymentHash: String
    /// The amount to pay, msats.
    package var amountMsat: UInt64
    /// The most the payment may cost beyond the amount, msats: the Lightning fee reserve plus the wallet's own
    /// fees (Cashu input fees).
    package var feeReserveMsat: UInt64

    package init(id: String, invoice: String, paymentHash: String, amountMsat: UInt64, feeReserveMsat: UInt64) {
        self.id = id
        self.invoice = invoice
        self.paymentHash = paymentHash
        self.amountMsat = amountMsat
        self.feeReserveMsat = feeReserveMsat
    }
}
