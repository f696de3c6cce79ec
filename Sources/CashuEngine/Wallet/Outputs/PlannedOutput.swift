// Wallet: an output the wallet is about to have signed, with everything needed to unblind it later (NUT-00, NUT-13).

/// One blinded output and its secrets, as journaled before the request leaves.
struct PlannedOutput: Codable, Sendable, Hashable {
    /// The amount asked for (for NUT-08 blank outputs, a placeholder).
    var amount: UInt64
    /// The keyset that will sign it.
    var keysetID: KeysetID
    /// The proof secret.
    var secret: String
    /// The blinding factor `r`.
    var blindingFactor: Scalar
    /// The NUT-13 counter it was derived from (nil for random or locked secrets).
    var counter: UInt64?
    /// `B_ = hash_to_curve(secret) + r·G`.
    var B_: Point
    /// NUT-28: the ephemeral key `E` of a pay-to-blinded-key lock, carried by the proof as `p2pk_e`.
    var p2pkE: Point? = nil

    /// The output as sent to the mint.
    var blindedMessage: BlindedMessage { BlindedMessage(amount: amount, id: keysetID, B_: B_) }

    enum CodingKeys: String, CodingKey {
        case amount, keysetID = "keyset_id", secret, blindingFactor = "r", counter, B_, p2pkE = "p2pk_e"
    }
}
