// Platform: what a wallet asks a NUT-17 subscription transport to watch — a kind and its filters at one mint.

/// A NUT-17 subscription: updates of `kind` for the objects named by `filters`, at `mint`.
package struct SubscriptionRequest: Hashable, Sendable, CustomStringConvertible {
    /// The mint to watch.
    package var mint: MintURL
    /// The kind of object (`bolt11_mint_quote`, `bolt11_melt_quote`, `proof_state`, ...).
    package var kind: SubscriptionKind
    /// Quote ids (for quote kinds) or proofs' `Y`s (for `proof_state`).
    package var filters: [String]

    /// Creates a request.
    /// - Parameters:
    ///   - mint: the mint to watch.
    ///   - kind: the kind of object.
    ///   - filters: quote ids or proofs' `Y`s (hex).
    package init(mint: MintURL, kind: SubscriptionKind, filters: [String]) {
        self.mint = mint
        self.kind = kind
        self.filters = filters
    }

    // A mint quote id lets whoever reads it mint the quote: filters never reach a log.
    package var description: String {
        "SubscriptionRequest(mint: \(mint), kind: \(kind), filters: \(filters.count) <redacted>)"
    }
}
