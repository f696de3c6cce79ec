// Wallet: the journal of a NUT-22 blind auth token mint — the outputs' secrets and the keys that sign them.

/// A mint's `auth` keyset: its id and its one key (amount 1), checked against the id.
struct BlindAuthKeyset: Codable, Hashable, Sendable {
    var id: KeysetID
    var keys: KeysetKeys
}

/// What a blind auth mint wrote before its request left.
///
/// Blind auth tokens carry no value: the operation keeps no history line, and a definite failure closes it (on a
/// replay, a refusal or a missing login: a replay the mint refuses because it signed the outputs already cannot be
/// recovered, NUT-22 having no restore). The secrets are random and journaled: no later output repeats them.
struct BlindAuthJournal: Codable, Sendable {
    /// The keyset the outputs are for.
    var keyset: BlindAuthKeyset
    /// The outputs (amount 1 each), with secrets, blinding factors and counters.
    var outputs: [PlannedOutput]

    /// The request, the same on every attempt.
    var request: BlindAuthMintRequest { BlindAuthMintRequest(outputs: outputs.map(\.blindedMessage)) }

    /// Whether a failed request ends the operation. A first attempt: any definite failure (nothing was signed). A
    /// replay: a refusal or a missing login (what an earlier attempt got signed is out of reach: NUT-22 has no
    /// restore); a mint that could not be reached now may still answer a later replay. An unknown outcome leaves it
    /// to recovery.
    static func closes(after error: MintClientError, firstAttempt: Bool) -> Bool {
        firstAttempt ? error.isDefinite : error.code == .mintRefused || error.code == .authenticationRequired
    }
}
