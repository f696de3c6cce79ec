// NUT-09 — Restore signatures: the `POST /v1/restore` request body.

/// The body of `POST /v1/restore`: blinded messages the wallet may have had signed before.
///
/// For NUT-13 recovery the amounts are unknown; the mint's signatures say them, so any placeholder amount will do.
package struct RestoreRequest: Codable, Hashable, Sendable {
    /// The blinded messages to look up.
    package var outputs: [BlindedMessage]

    /// Creates a restore request.
    /// - Parameter outputs: the blinded messages to look up.
    package init(outputs: [BlindedMessage]) {
        self.outputs = outputs
    }

    enum CodingKeys: String, CodingKey {
        case outputs
    }
}
