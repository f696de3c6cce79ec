// BIP-39 — Mnemonic code: NFKD normalisation of phrases and passphrases.

import Foundation

extension Mnemonic {
    /// Unicode NFKD, which BIP-39 applies to both the phrase and the passphrase before PBKDF2.
    ///
    /// The standard library offers no compatibility decomposition, so this one call uses Foundation (ICU).
    /// ASCII is its own NFKD form and skips the call.
    static func nfkd(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return text.decomposedStringWithCompatibilityMapping
    }
}
