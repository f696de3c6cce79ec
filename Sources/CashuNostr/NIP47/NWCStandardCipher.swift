// NIP-47 — Nostr Wallet Connect: content encryption with NIP-44 v2 and NIP-04.

/// The cipher a wallet service uses: NIP-44 v2 and NIP-04.
package struct NWCStandardCipher: NWCCipher {
    /// The schemes it uses, preferred first.
    package let schemes: [NWCEncryption]

    /// A cipher for `schemes` (both by default, NIP-44 preferred).
    package init(schemes: [NWCEncryption] = [.nip44v2, .nip04]) {
        self.schemes = schemes
    }

    /// Encrypts with NIP-44 v2 or NIP-04.
    package func encrypt(
        _ plaintext: String, with scheme: NWCEncryption, from sender: NostrKeyPair, to recipient: NostrPublicKey
    ) throws(NostrError) -> String {
        guard schemes.contains(scheme) else { throw Self.unavailable(scheme) }
        switch scheme {
        case .nip44v2: return try NIP44.encrypt(plaintext, from: sender, to: recipient)
        case .nip04: return try NIP04.encrypt(plaintext, from: sender, to: recipient)
        }
    }

    /// Decrypts with NIP-44 v2 or NIP-04.
    package func decrypt(
        _ payload: String, with scheme: NWCEncryption, by recipient: NostrKeyPair, from sender: NostrPublicKey
    ) throws(NostrError) -> String {
        guard schemes.contains(scheme) else { throw Self.unavailable(scheme) }
        switch scheme {
        case .nip44v2: return try NIP44.decrypt(payload, by: recipient, from: sender)
        case .nip04: return try NIP04.decrypt(payload, by: recipient, from: sender)
        }
    }

    private static func unavailable(_ scheme: NWCEncryption) -> NostrError {
        NostrError(.unsupportedVersion, "\(scheme) is not one of this cipher's schemes")
    }
}
