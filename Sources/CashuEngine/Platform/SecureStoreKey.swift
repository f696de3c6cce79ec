// Platform: the names under which the wallet keeps its secrets in a SecureStore.

/// Keys of the wallet's secrets.
package enum SecureStoreKey {
    /// The BIP-39 mnemonic (UTF-8 phrase).
    package static let mnemonic = "mnemonic"

    /// The mnemonic's 64-byte BIP-39 seed, kept beside it so that opening the wallet skips PBKDF2; as secret as the
    /// mnemonic, and only used when its fingerprint is the one the wallet's store records.
    package static let seed = "seed"

    /// The NUT-20 private key of the quote locked to `pubkey` (raw 32 bytes).
    package static func quoteKey(_ pubkey: Point) -> String { "nut20/" + pubkey.hex }

    /// A P2PK private key whose public key is `pubkey` (raw 32 bytes).
    package static func p2pkKey(_ pubkey: Point) -> String { "p2pk/" + pubkey.hex }

    /// NUT-21: the login at `mint` (``ClearAuthTokens`` as JSON).
    package static func clearAuth(_ mint: MintURL) -> String { "nut21/" + mint.rawValue }
}
