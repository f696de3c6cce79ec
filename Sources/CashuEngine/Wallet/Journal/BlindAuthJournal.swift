// Wallet: the journal of a NUT-22 blind auth token mint — the outputs' secrets and the keys that sign them.

/// A mint's `auth` keyset: its id and its one key (amount 1), checked against the id.
struct BlindAuthKeyset: Codable, Hashable, Sendable {
    var id: KeysetID
    var keys: KeysetKeys
}

/// What a blind auth mint wrote before its request left.
///
/// Blind auth tokens carry no value: the operation keeps no history line, and any definite failure (including a
/// replay the mint refuses because it signed the outputs already) closes it. Its counters are never handed out
/// again, so no later output repeats them.
struct BlindAuthJournal: Codable, Sendable {
    /// The keyset the outputs are for.
    var keyset: BlindAuthKeyset
    /// The outputs (amount 1 each), with secrets, blinding factors and counters.
    var outputs: [PlannedOutput]

    /// The request, the same on every attempt.
    var request: BlindAuthMintRequest { BlindAuthMintRequest(outputs: outputs.map(\.blindedMessage)) }

    /// Whether a failed request ends the operation: any definite answer does (nothing was signed, or a replay was
    /// refused and what was signed is out of reach: NUT-22 has no restore); an unknown outcome leaves it to recovery.
    static func closes(after error: MintClientError) -> Bool { error.isDefinite }
}
