// NIP-19 — bech32-encoded entities: `nsec` private keys (`npub`/`nprofile` are CashuEngine's NostrProfile).

import CashuEngine

extension NostrKeyPair {
    /// The key pair of a NIP-19 `nsec` (bech32, either case, checksum verified).
    ///
    /// - Parameter nsec: `nsec1…`, as a user pastes it.
    /// - Throws: ``NostrError`` `.invalidKey` for anything but an `nsec` holding a valid 32-byte private key. The
    ///   reason never repeats the input.
    package init(nsec: some StringProtocol) throws(NostrError) {
        let decoded: (hrp: String, bytes: [UInt8])
        do {
            decoded = try Bech32.decodeBytes(nsec, variant: .bech32, limit: Self.nip19MaximumLength)
        } catch {
            throw NostrError(.invalidKey, "not a valid bech32 nsec (\(error.code))")
        }
        guard decoded.hrp == "nsec" else {
            throw NostrError(.invalidKey, "a NIP-19 private key starts nsec1, not \(decoded.hrp)1")
        }
        do {
            self.init(privateKey: try Scalar(rawRepresentation: decoded.bytes))
        } catch {
            throw NostrError(.invalidKey, "the nsec does not hold a valid 32-byte private key")
        }
    }

    /// The private key as a NIP-19 `nsec`, for a user to back up. The name is a reminder that the string is the secret
    /// itself and is not zeroed on release: show it, do not log or store it.
    package var exposedSecretNsec: String {
        // 32 bytes under a 4-letter hrp is far inside every bech32 limit, so this cannot fail.
        (try? Bech32.encode(hrp: "nsec", bytes: privateKey.exposedSecretBytes, variant: .bech32)) ?? ""
    }

    /// NIP-19 §Notes: bech32 strings SHOULD be limited to 5000 characters.
    static let nip19MaximumLength = 5000
}
