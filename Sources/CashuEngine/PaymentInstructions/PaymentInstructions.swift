// BIP-353 — from a DNS answer to the payment instructions: exactly one `bitcoin:` record, DNSSEC-validated unless
// the caller accepts otherwise.

/// The rules BIP-353 sets on a TXT answer.
package enum PaymentInstructions {
    /// The instructions an answer carries.
    /// - Parameters:
    ///   - answer: the resolver's answer for `BIP353Address/recordName`.
    ///   - requireValidation: refuse an answer without the AD bit (BIP-353 requires DNSSEC).
    /// - Throws: ``PaymentInstructionError``: `.notFound` (no such name, or no `bitcoin:` record), `.notValidated`,
    ///   `.ambiguous` (several `bitcoin:` records), `.invalidAnswer`.
    package static func read(_ answer: DNSMessage.Answer, requireValidation: Bool) throws(PaymentInstructionError)
        -> BitcoinPaymentURI
    {
        switch answer.responseCode {
        case 0: break
        case 3: throw PaymentInstructionError(.notFound, "no payment instructions are published for this address")
        default:
            throw PaymentInstructionError(
                .unreachable, "the resolver failed (DNS response code \(answer.responseCode))")
        }
        if requireValidation && !answer.authenticated {
            throw PaymentInstructionError(
                .notValidated,
                "the resolver did not validate the answer with DNSSEC; use a validating resolver (CASHU_DNS_SERVER)")
        }
        let records = answer.texts.compactMap { String(validating: $0, as: UTF8.self) }.filter {
            $0.lowercased().hasPrefix("bitcoin:")
        }
        guard !records.isEmpty else {
            throw PaymentInstructionError(.notFound, "no payment instructions are published for this address")
        }
        guard records.count == 1 else {
            throw PaymentInstructionError(.ambiguous, "several payment instructions are published; BIP-353 allows one")
        }
        return try BitcoinPaymentURI(records[0])
    }
}
