// Payment instructions: what a user typed to pay — a bolt11 invoice (NUT-05), a Lightning address or LNURL
// (LUD-01/06/16/17), a BIP-353 address (₿user@domain), or a Cashu payment request (NUT-18/26) — told apart without
// any I/O.

import Foundation

/// Where a payment goes, as read from the text a user gave.
package enum PaymentDestination: Sendable, Equatable {
    /// A bolt11 invoice, without any `lightning:` prefix.
    case invoice(String)
    /// A Lightning address or LNURL whose payee gives the invoice (LUD-06/16).
    case lnurl(LNURLPayTarget)
    /// A BIP-353 address, looked up in DNS.
    case bip353(BIP353Address)
    /// A Cashu payment request.
    case request(PaymentRequest)

    /// Reads `text`.
    /// - Throws: ``WalletError`` `invalidInput` for text that is none of these, or a malformed one.
    package static func parse(_ text: String) throws(WalletError) -> PaymentDestination {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var body = trimmed
        if body.lowercased().hasPrefix("lightning:") { body = String(body.dropFirst("lightning:".count)) }
        let lower = body.lowercased()
        if trimmed.hasPrefix("₿") {
            do { return .bip353(try BIP353Address(trimmed)) } catch {
                throw WalletError(.invalidInput, error.reason, underlying: error)
            }
        }
        if lower.hasPrefix("creqa") || lower.hasPrefix("creqb1") {
            do { return .request(try PaymentRequest(parsing: body)) } catch {
                throw WalletError(.invalidInput, "not a valid payment request: \(error.reason)", underlying: error)
            }
        }
        if body.contains("@") || lower.hasPrefix("lnurl") {
            do { return .lnurl(try LNURLPayTarget(trimmed)) } catch {
                throw WalletError(.invalidInput, error.reason, underlying: error)
            }
        }
        guard lower.hasPrefix("ln"), !body.isEmpty else {
            throw WalletError(
                .invalidInput,
                "not an invoice, a Lightning address, an LNURL, a BIP-353 address or a payment request")
        }
        return .invoice(body)
    }

    /// Whether a payment to this destination needs its amount from the payer (a Lightning address or LNURL).
    package var needsAmount: Bool {
        if case .lnurl = self { return true }
        return false
    }
}
