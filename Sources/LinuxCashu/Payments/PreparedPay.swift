// LinuxWallet: a payment prepared from what the user typed — a Lightning invoice (NUT-05), or a Cashu payment
// request (NUT-18/26) — whichever the destination resolved to.

import CoreCashu

/// A payment that ``LinuxWallet/preparePay(_:amount:from:unit:comment:holdFor:)`` prepared: its figures, and
/// `confirm()` or `cancel()`. Nothing is spent until it is confirmed.
public enum PreparedPay: Sendable {
    /// A Lightning payment: a bolt11 invoice, given or fetched from a Lightning address, an LNURL or a BIP-353
    /// address. Confirm it with `PreparedPayment.confirm(preferAsync:)`.
    case invoice(PreparedPayment)
    /// A Cashu payment request (creqA/creqB, given or published by a BIP-353 address). Confirm it with
    /// `PreparedRequestPayment.confirm()`, then hand it to ``LinuxWallet/deliver(_:)``.
    case request(PreparedRequestPayment)

    /// Releases what the payment holds; nothing was paid.
    public func cancel() async {
        switch self {
        case .invoice(let payment): await payment.cancel()
        case .request(let payment): await payment.cancel()
        }
    }
}
