// Storage: what a stored melt quote's preimage proves (NUT-05/23), derived from its request and preimage.

extension StoredMeltQuote {
    /// Whether the preimage the mint gave for this quote hashes to the invoice's payment hash;
    /// ``ProofOfPayment/notChecked`` until the quote is paid, or when it is not a bolt11 quote.
    public var proofOfPayment: ProofOfPayment {
        guard state == .paid, method == "bolt11" else { return .notChecked }
        return ProofOfPayment.check(invoice: request, preimage: paymentPreimage)
    }
}
