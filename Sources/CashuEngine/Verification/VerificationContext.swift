// Verification: what verifiers may consult — the mint's keys (NUT-01/02) and the wallet's policy (NUT-12).

/// What a ``Verifier`` may consult besides the items: the mint's keys, and the wallet's policy.
package struct VerificationContext: Sendable {
    /// The mint the items come from, when known.
    package var mint: MintURL?
    /// The unit of the items, when known.
    package var unit: CurrencyUnit?
    /// The mint's public keys, by keyset and amount.
    package var keys: [KeysetID: KeysetKeys]
    /// Refuse items that carry no NUT-12 DLEQ proof (one that is present is always checked).
    package var requireDLEQ: Bool

    /// Creates a context.
    package init(
        mint: MintURL? = nil, unit: CurrencyUnit? = nil, keys: [KeysetID: KeysetKeys], requireDLEQ: Bool = false
    ) {
        self.mint = mint
        self.unit = unit
        self.keys = keys
        self.requireDLEQ = requireDLEQ
    }

    /// The mint's key for `amount` in keyset `id`, or `nil`.
    package func key(keyset id: KeysetID, amount: UInt64) -> Point? {
        keys[id]?[amount]
    }
}
