// BIP-321 — a `bitcoin:` URI as BIP-353 records carry it: the ways a payee can be paid (a BOLT12 offer `lno`, a
// BOLT11 invoice `lightning`, a Cashu payment request `creq`, NUT-18/26, an on-chain address).

import Foundation

/// The payment instructions of a `bitcoin:` URI.
package struct BitcoinPaymentURI: Hashable, Sendable {
    /// The on-chain address, if any (this wallet cannot pay it).
    package let address: String?
    /// A BOLT12 offer (`lno`; this wallet cannot pay it yet: NUT-25).
    package let offer: String?
    /// A BOLT11 invoice (`lightning`).
    package let invoice: String?
    /// A Cashu payment request (`creq`: `creqA…` or `creqb1…`).
    package let paymentRequest: String?

    /// Parses `bitcoin:[address][?key=value&...]`; keys are case-insensitive and percent-decoded.
    /// - Throws: ``PaymentInstructionError`` `.invalidAnswer` for another scheme, or a `req-` key this wallet does
    ///   not know (BIP-321: such a URI must not be paid).
    package init(_ text: String) throws(PaymentInstructionError) {
        guard text.utf8.count <= 8192, text.lowercased().hasPrefix("bitcoin:") else {
            throw PaymentInstructionError(.invalidAnswer, "payment instructions are a bitcoin: URI")
        }
        let rest = text.dropFirst("bitcoin:".count)
        let pieces = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let address = pieces.first.map(String.init) ?? ""
        var values: [String: String] = [:]
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = keyValue[0].lowercased()
                let value = keyValue.count == 2 ? String(keyValue[1]).removingPercentEncoding ?? "" : ""
                if key.hasPrefix("req-") {
                    throw PaymentInstructionError(.invalidAnswer, "the URI requires \(key), which this wallet lacks")
                }
                if values[key] == nil { values[key] = value }
            }
        }
        self.address = address.isEmpty ? nil : address
        offer = values["lno"].flatMap { $0.isEmpty ? nil : $0 }
        invoice = values["lightning"].flatMap { $0.isEmpty ? nil : $0 }
        paymentRequest = values["creq"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
