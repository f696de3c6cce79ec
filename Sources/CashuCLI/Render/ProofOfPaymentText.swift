// CLI: what `cashu pay` says about the mint's payment preimage (NUT-05/23 proof of payment).

import CoreCashu

/// The words for a paid melt's ``ProofOfPayment``: a sentence after the result, a warning for a mismatch.
enum ProofOfPaymentText {
    /// The sentence that follows "Paid …".
    static func sentence(_ proof: ProofOfPayment) -> String {
        switch proof {
        case .verified: "Preimage verified against the invoice."
        case .mismatch: "The mint's preimage does not match the invoice: no proof of payment."
        case .absent: "The mint gave no preimage: no proof of payment."
        case .notChecked: "The preimage was not checked: the invoice could not be read."
        }
    }

    /// The value in `--json` output: `verified`, `mismatch`, `absent` or `notChecked`.
    static func name(_ proof: ProofOfPayment) -> String {
        switch proof {
        case .verified: "verified"
        case .mismatch: "mismatch"
        case .absent: "absent"
        case .notChecked: "notChecked"
        }
    }

    /// A few words for a table cell (`cashu history`).
    static func short(_ proof: ProofOfPayment) -> String {
        switch proof {
        case .verified: "preimage verified"
        case .mismatch: "PREIMAGE MISMATCH"
        case .absent: "no preimage"
        case .notChecked: "preimage not checked"
        }
    }

    /// The stderr warning for a ``ProofOfPayment/mismatch``, or `nil`: the funds are gone either way, so it is a
    /// warning, not an error.
    static func warning(_ proof: ProofOfPayment, quoteID: String) -> String? {
        guard proof == .mismatch else { return nil }
        return "the mint says the invoice is paid, but its preimage does not hash to the invoice's payment hash "
            + "(quote \(quoteID)); keep the quote id if you need to dispute the payment"
    }
}
