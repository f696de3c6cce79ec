// Local API: a payment request the wallet made (NUT-18), as `POST /v1/payment-requests` answers it.

import CoreCashu

/// A request to be paid: its text to hand over (`creqA…`), and what it asks.
struct PaymentRequestBody: Encodable, Sendable {
    var id: String
    /// The encoded request (NUT-18 `creqA`), for the payer: as text or as a QR code.
    var request: String
    var amount: UInt64?
    var unit: String
    var mints: [String]
    var description: String?
    /// Whether payments arrive over Nostr by themselves (else the payer hands a token over).
    var nostr: Bool

    init(_ request: PaymentRequest, nostr: Bool) {
        id = request.id ?? ""
        self.request = request.creqA()
        amount = request.amount
        unit = request.unit ?? CurrencyUnit.sat.rawValue
        mints = request.mints ?? []
        description = request.description
        self.nostr = nostr
    }
}
