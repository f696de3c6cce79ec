// NUT-18 — Payment requests: the payload a payer sends through a transport (JSON).

/// `{"id"?, "memo"?, "mint", "unit", "proofs"}`: the ecash answering a ``PaymentRequest`` (NUT-18 §Payment payload).
///
/// Carries bearer proofs: it prints with them redacted.
package struct PaymentRequestPayload: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The request's ``PaymentRequest/id``, echoed back.
    package var id: String?
    /// An optional note to the payee.
    package var memo: String?
    /// The mint URL the proofs come from.
    package var mint: String
    /// The proofs' unit.
    package var unit: String
    /// The proofs (with DLEQ proofs, so the payee can verify them offline).
    package var proofs: [Proof]

    /// Creates a payload.
    package init(id: String? = nil, memo: String? = nil, mint: String, unit: String, proofs: [Proof]) {
        self.id = id
        self.memo = memo
        self.mint = mint
        self.unit = unit
        self.proofs = proofs
    }

    /// A summary without the proofs' secrets.
    package var description: String {
        "PaymentRequestPayload(mint: \(mint), unit: \(unit), proofs: \(proofs.count) <redacted>)"
    }
}
