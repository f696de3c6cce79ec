// Storage: small facts about the wallet itself (e.g. which seed it belongs to), as text under text keys.

/// Wallet metadata storage.
package protocol MetadataStore {
    /// The value under `key`, or `nil`.
    func metadata(_ key: String) throws -> String?

    /// Stores `value` under `key`, replacing any previous value.
    func setMetadata(_ key: String, _ value: String) throws
}
