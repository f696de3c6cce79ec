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
    /// The checks were cancelled before every item was checked: nothing is known to be wrong, nothing is verified.
    public var isCancellation: Bool

    /// Creates a failure.
    public init(verifier: String, index: Int?, reason: String, isCancellation: Bool = false) {
        self.verifier = verifier
        self.index = index
        self.reason = reason
        self.isCancellation = isCancellation
    }

    /// The failure of checks cancelled before they were done.
    public static let cancelled = VerificationFailure(
        verifier: "pipeline", index: nil, reason: "was cancelled before every item was checked", isCancellation: true)

    public var description: String { index.map { "item \($0) \(reason)" } ?? reason }
}
