// Test support: how a ScriptedMint's Lightning backend settles a melt (paid, in flight, failed).

/// What a ``ScriptedMint`` does with the payment of a melt (``ScriptedMint/meltBehaviour`` for every quote,
/// ``ScriptedMint/setMeltBehaviour(_:quote:)`` for one).
package enum MeltBehaviour: Sendable, Hashable {
    /// The payment succeeds at once: inputs `SPENT`, quote `PAID` with `preimage`, NUT-08 change for what the
    /// inputs overpaid beyond the amount and `lightningFee`.
    ///
    /// `preimage` ``defaultPreimage`` stands for "the invoice's real preimage": when the invoice came from
    /// ``ScriptedMint/makeInvoice(amount:)`` or ``Bolt11TestInvoice/payable(amountSat:preimage:)`` the mint answers
    /// with the preimage that hashes to its payment hash, else with this placeholder as is. `nil` answers without
    /// a preimage.
    case pay(preimage: String? = MeltBehaviour.defaultPreimage, lightningFee: UInt64 = 0)
    /// The payment stays in flight: inputs `PENDING`, quote `PENDING`, the melt answers `PENDING` until
    /// ``ScriptedMint/settlePendingMelt(quote:paid:)``.
    case pending
    /// The payment fails: nothing is spent, the quote stays `UNPAID` and the melt answers `UNPAID` (the mint released
    /// the inputs, as Nutshell does after a failed payment; it does not refuse with 20004).
    case fail

    /// The placeholder preimage of ``pay(preimage:lightningFee:)`` (64 hex characters).
    package static let defaultPreimage = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
}
