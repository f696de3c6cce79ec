// NUT-24 — HTTP 402 Payment Required: reading a server's `X-Cashu` payment request, and the payer's cap. Decisions
// only: the HTTP exchange is PaidHTTPClient's.

import CoreCashu
import Foundation

/// The pure rules of paying an HTTP 402 with ecash (NUT-24).
package enum NUT24 {
    /// The header a 402 carries its payment request in, and the retry its token in.
    package static let header = "X-Cashu"

    /// The status a server asks for payment with.
    package static let paymentRequired: UInt = 402

    /// The payment request a 402's `X-Cashu` header carries, ready to pay in band: a `creqA` (NUT-18) or `creqb`
    /// (NUT-26) request that names a positive amount and at least one mint. Its transports, which NUT-24 has none of,
    /// are dropped: the token goes back in the retried request's header.
    /// - Parameter value: the header's value (surrounding whitespace and a `cashu:` prefix are ignored).
    /// - Throws: `WalletError` `invalidInput` for a value that is no payment request, or one that names no amount or
    ///   no mint.
    package static func paymentRequest(header value: String) throws(WalletError) -> PaymentRequest {
        var text = Substring(value.trimmingCharacters(in: .whitespacesAndNewlines))
        if text.lowercased().hasPrefix("cashu:") { text = text.dropFirst("cashu:".count) }
        guard !text.isEmpty else { throw WalletError(.invalidInput, "the server's X-Cashu header is empty") }
        var request: PaymentRequest
        do { request = try PaymentRequest(parsing: String(text)) } catch {
            throw WalletError(.invalidInput, "the server's X-Cashu payment request cannot be read: \(error.reason)")
        }
        guard let amount = request.amount, amount > 0 else {
            throw WalletError(.invalidInput, "the server's payment request names no amount")
        }
        guard let mints = request.mints, mints.contains(where: { (try? MintURL($0)) != nil }) else {
            throw WalletError(.invalidInput, "the server's payment request names no mint it accepts ecash from")
        }
        request.transports = nil
        return request
    }

    /// The unit `request` asks to be paid in (`sat` when it names none).
    package static func unit(of request: PaymentRequest) -> CurrencyUnit {
        request.unit.map { CurrencyUnit(rawValue: $0.lowercased()) } ?? .sat
    }

    /// Checks what the server asks before anything is held: the unit the payer pays in, and the price against the
    /// cap (the fees come on top, so a price over the cap is refused at once).
    /// - Parameters:
    ///   - request: the server's payment request (``paymentRequest(header:)``).
    ///   - unit: the unit the payer pays (and the cap is) in.
    ///   - most: the most the payer pays, fees included; `nil`: no cap.
    /// - Throws: `WalletError` `invalidInput` for another unit or a price over the cap; nothing was paid.
    package static func checkPrice(_ request: PaymentRequest, unit: CurrencyUnit, most: UInt64?) throws(WalletError) {
        let asked = Self.unit(of: request)
        let amount = request.amount ?? 0
        guard asked == unit else {
            throw WalletError(
                .invalidInput, "the server asks for \(amount) \(asked), not \(unit); nothing was paid")
        }
        if let most, amount > most {
            throw WalletError(
                .invalidInput, "the server asks for \(amount) \(unit), over the cap of \(most); nothing was paid")
        }
    }

    /// Checks a prepared payment's whole cost (price and every fee) against the cap.
    /// - Parameters:
    ///   - total: what would leave the balance.
    ///   - price: what the server asked.
    ///   - unit: the unit of both.
    ///   - most: the cap; `nil`: none.
    /// - Throws: `WalletError` `invalidInput` when `total` is over `most`.
    package static func checkTotal(_ total: UInt64, price: UInt64, unit: CurrencyUnit, most: UInt64?)
        throws(WalletError)
    {
        guard let most, total > most else { return }
        throw WalletError(
            .invalidInput,
            "the server asks for \(price) \(unit); with \(total - price) \(unit) in fees that is \(total), over the "
                + "cap of \(most); nothing was paid")
    }

    /// Whether an answer to the paid retry means the server took the payment: any 2xx.
    package static func accepted(status: UInt) -> Bool { (200..<300).contains(status) }
}
