// Storage: the wallet's own state of a proof (docs/architecture.md, "The wallet engine": "The life of an operation").

/// Where a proof stands in this wallet. Only ``unspent`` counts toward the spendable balance.
///
/// `unspent → reserved` (an operation holds it) `→ spent`; `pending` while a melt is in flight at the mint; `sent`
/// once given away in a token, reclaimable until the mint says it is spent.
public enum ProofStatus: String, Hashable, Sendable, Codable, CaseIterable {
    case unspent
    case reserved
    case pending
    case sent
    case spent
}
