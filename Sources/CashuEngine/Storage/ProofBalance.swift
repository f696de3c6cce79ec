// Storage: an aggregate of proofs per mint, unit and status, answered by the store without loading proofs.

/// The sum and count of proofs of one mint, unit and status.
public struct ProofBalance: Hashable, Sendable {
    public var mintURL: MintURL
    public var unit: CurrencyUnit
    public var status: ProofStatus
    public var amount: UInt64
    package var count: Int

    package init(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, amount: UInt64, count: Int) {
        self.mintURL = mintURL
        self.unit = unit
        self.status = status
        self.amount = amount
        self.count = count
    }
}
