// NIP-47 — Nostr Wallet Connect: what became of a payment the wallet made.

/// Paid, or not known yet.
package enum NWCPaymentOutcome: Sendable, Hashable {
    /// Paid: the preimage (hex) and what it cost beyond the amount, msats.
    case paid(preimage: String, feesPaidMsat: UInt64)
    /// In flight: it may still succeed or fail (a melt the mint answered `PENDING`).
    case pending
}
