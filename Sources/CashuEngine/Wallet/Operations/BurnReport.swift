// Wallet: what a burn found — the spendable proofs a mint says are spent (NUT-07), taken out of the balance.

/// What ``Wallet/burnSpent(mint:)`` found at a mint.
public struct BurnReport: Sendable {
    /// How many spendable proofs the mint was asked about.
    public var checked: Int
    /// How many of them the mint holds pending (in a payment under way somewhere): kept, not burned.
    public var pending: Int
    /// A history line per unit burned (kind ``OperationKind/burn``, the amount taken out of the balance); empty when
    /// the mint knows every proof as unspent.
    public var burned: [ActivityEntry]

    package init(checked: Int = 0, pending: Int = 0, burned: [ActivityEntry] = []) {
        self.checked = checked
        self.pending = pending
        self.burned = burned
    }
}
