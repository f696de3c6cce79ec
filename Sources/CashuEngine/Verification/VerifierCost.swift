// Verification: how a verifier's work grows, which decides whether the pipeline splits it across cores.

/// How a ``Verifier`` may be run.
package enum VerifierCost: Sendable, Hashable {
    /// Cheap per item (lookups, sums) or needing the whole list: run once, over the whole list, before the others.
    case wholeList
    /// Costly per item and independent between items (curve arithmetic): the list is split across cores.
    case perItem
}
