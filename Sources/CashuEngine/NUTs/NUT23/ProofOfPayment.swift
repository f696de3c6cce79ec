// NUT-05/23 — proof of payment: whether the preimage a mint returns for a paid bolt11 melt hashes to the invoice's
// payment hash (BOLT #11 `p`).

import Crypto

/// What a paid melt's `payment_preimage` proves about the invoice it paid.
///
/// Paying a Lightning invoice reveals the preimage whose SHA-256 is the invoice's payment hash: the payee's receipt.
/// A mint that says `PAID` returns it (NUT-05 `payment_preimage`), and the wallet checks it against the invoice.
/// The check never undoes a melt: a mint that says `PAID` has spent the proofs either way.
public enum ProofOfPayment: Hashable, Sendable, CaseIterable, PackageNamed {
    /// `SHA256(preimage)` is the invoice's payment hash: the payee was paid.
    case verified
    /// The mint gave a preimage that is not the invoice's (another hash, or not 32 bytes of hex). The mint still
    /// says the payment went through; its preimage proves nothing.
    case mismatch
    /// The mint gave no preimage (an invoice the mint settled internally, or a backend that does not report one).
    case absent
    /// Nothing was checked: the payment is not settled yet, or its request is not a BOLT11 invoice the wallet reads.
    case notChecked

    /// The name the store and the queue's results keep.
    package var rawValue: String {
        switch self {
        case .verified: "verified"
        case .mismatch: "mismatch"
        case .absent: "absent"
        case .notChecked: "notChecked"
        }
    }

    /// Checks a preimage against the invoice it should unlock.
    ///
    /// - Parameters:
    ///   - invoice: the bolt11 invoice paid (the melt quote's request).
    ///   - preimage: the mint's `payment_preimage` (hex), if it gave one.
    /// - Returns: ``absent`` without a preimage, ``notChecked`` when the invoice cannot be decoded, else
    ///   ``verified`` or ``mismatch``.
    package static func check(invoice: String, preimage: String?) -> ProofOfPayment {
        guard let preimage, !preimage.isEmpty else { return .absent }
        guard let decoded = try? Bolt11Invoice(invoice) else { return .notChecked }
        guard let bytes = try? Hex.decode(preimage, count: 32) else { return .mismatch }
        return Array(SHA256.hash(data: bytes)) == decoded.paymentHash ? .verified : .mismatch
    }
}
