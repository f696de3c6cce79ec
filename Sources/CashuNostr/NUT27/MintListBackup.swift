// NUT-27 — Nostr mint backup: the plaintext of a backup event, the wallet's mint list.

/// What a NUT-27 backup event holds once decrypted: `{"mints": [...], "timestamp": ...}`.
package struct MintListBackup: Sendable, Hashable, Codable {
    /// The mint URLs, as the wallet lists them.
    package var mints: [String]
    /// When the list was taken (seconds since the Unix epoch).
    package var timestamp: Int64

    package init(mints: [String], timestamp: Int64) {
        self.mints = mints
        self.timestamp = timestamp
    }

    /// At most this many mints are read from a backup (a hostile or corrupt one could list millions).
    package static let maximumMints = 1000
}
