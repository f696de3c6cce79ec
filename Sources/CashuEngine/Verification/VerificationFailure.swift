// Verification: why a verifier refused its input.

/// A refusal by a ``Verifier``: which check, which item (its position in the list), and why.
package struct VerificationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The verifier's ``Verifier/name``.
    package var verifier: String
    /// The position of the bad item in the list, when one item is to blame.
    package var index: Int?
    /// What is wrong with the item, for people, without naming it ("carries an invalid DLEQ proof"); never holds a
    /// secret.
    package var reason: String
    /// The checks were cancelled before every item was checked: nothing is known to be wrong, nothing is verified.
    package var isCancellation: Bool

    /// Creates a failure.
    package init(verifier: String, index: Int?, reason: String, isCancellation: Bool = false) {
        self.verifier = verifier
        self.index = index
        self.reason = reason
        self.isCancellation = isCancellation
    }

    /// The failure of checks cancelled before they were done.
    package static let cancelled = VerificationFailure(
        verifier: "pipeline", index: nil, reason: "was cancelled before every item was checked", isCancellation: true)

    package var description: String { index.map { "item \($0) \(reason)" } ?? reason }
}
