// NUT-18 — Payment requests: the payload a payer sends through a transport (JSON).

/// `{"id"?, "memo"?, "mint", "unit", "proofs"}`: the ecash answering a ``PaymentRequest`` (NUT-18 §Payment payload).
///
/// Carries bearer proofs: it prints with them redacted.
public struct PaymentRequestPayload: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The request's ``PaymentRequest/id``, echoed back.
    public var id: String?
    /// An optional note to the payee.
    public var memo: String?
    /// The mint URL the proofs come from.
    public var mint: String
    /// The proofs' unit.
    public var unit: String
    /// The proofs (with DLEQ proofs, so the payee can verify them offline).
    public var proofs: [Proof]

    /// Creates a payload.
    public init(id: String? = nil, memo: String? = nil, mint: String, unit: String, proofs: [Proof]) {
        self.id = id
        self.memo = memo
        self.mint = mint
        self.unit = unit
        self.proofs = proofs
    }

    /// A summary without the proofs' secrets.
    public var description: String {
        "PaymentRequestPayload(mint: \(mint), unit: \(unit), proofs: \(proofs.count) <redacted>)"
    }
}
