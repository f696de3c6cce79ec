// Verification: why a verifier refused its input.

/// A refusal by a ``Verifier``: which check, which item (its position in the list), and why.
public struct VerificationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The verifier's ``Verifier/name``.
    public var verifier: String
    /// The position of the bad item in the list, when one item is to blame.
    public var index: Int?
    /// What is wrong with the item, for people, without naming it ("carries an invalid DLEQ proof"); never holds a
    /// secret.
    public var reason: String

    /// Creates a failure.
    public init(verifier: String, index: Int?, reason: String) {
        self.verifier = verifier
        self.index = index
        self.reason = reason
    }

    public var description: String { index.map { "item \($0) \(reason)" } ?? reason }
}
