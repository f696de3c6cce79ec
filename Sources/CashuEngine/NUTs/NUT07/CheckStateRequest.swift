// NUT-07 — Token state check: the `POST /v1/checkstate` request body.

/// The body of `POST /v1/checkstate`: the `Y = hash_to_curve(secret)` of each proof to check.
///
/// `Y` is computed from the UTF-8 bytes of the proof's secret (NUT-00). The points travel as compressed hex.
package struct CheckStateRequest: Codable, Hashable, Sendable {
    /// The points to check; the response's states come back in this order (NUT-07 "Example").
    package var Ys: [Point]

    /// Creates a state-check request.
    /// - Parameter Ys: the `Y` of each proof, in the order the states should come back.
    package init(Ys: [Point]) {
        self.Ys = Ys
    }

    enum CodingKeys: String, CodingKey {
        case Ys
    }
}
