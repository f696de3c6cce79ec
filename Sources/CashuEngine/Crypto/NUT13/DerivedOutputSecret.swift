// NUT-13 — Deterministic secrets: one derived output secret and its blinding factor.

/// The `secret` and blinding factor `r` NUT-13 derives for one counter value of one keyset.
///
/// Both are secret material: the value prints as `<redacted>`.
package struct DerivedOutputSecret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The counter value this output was derived for.
    package let counter: UInt64
    /// The proof secret: lowercase hex of the 32 derived bytes (NUT-13).
    package let secret: String
    /// The blinding factor `r` for `B_ = Y + r·G`.
    package let blindingFactor: Scalar

    /// Wraps derived values.
    package init(counter: UInt64, secret: String, blindingFactor: Scalar) {
        self.counter = counter
        self.secret = secret
        self.blindingFactor = blindingFactor
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "DerivedOutputSecret(counter: \(counter), <redacted>)" }
}
