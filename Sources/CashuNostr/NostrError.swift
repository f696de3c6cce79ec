// NIP-01 and the Nostr NIPs built on it — the error the Nostr module throws.

import CashuEngine

/// A failure in Nostr: an event that does not verify, a payload that does not decrypt, a relay that did not answer.
///
/// Its ``reason`` never carries a private key, a decrypted payload or a connection secret.
package struct NostrError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in `ErrorCode`'s extension).
    package typealias Code = ErrorCode<NostrError>

    /// What went wrong.
    package let code: Code
    /// A human-readable explanation, free of secrets.
    package let reason: String

    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == NostrError {
    /// A key that is not a valid secp256k1 private key or x-only public key.
    package static let invalidKey = Self(rawValue: "invalidKey")
    /// An event whose JSON is malformed or whose fields have the wrong shape.
    package static let malformedEvent = Self(rawValue: "malformedEvent")
    /// An event whose `id` is not the hash of its content.
    package static let invalidID = Self(rawValue: "invalidID")
    /// An event whose signature does not verify against its `pubkey`.
    package static let invalidSignature = Self(rawValue: "invalidSignature")
    /// An encrypted payload (NIP-44, NIP-04) that is malformed or fails its MAC.
    package static let decryptionFailed = Self(rawValue: "decryptionFailed")
    /// An encrypted payload of a version this implementation does not know.
    package static let unsupportedVersion = Self(rawValue: "unsupportedVersion")
    /// A plaintext too short or too long to encrypt.
    package static let invalidPlaintext = Self(rawValue: "invalidPlaintext")
    /// A message from a relay that is not valid NIP-01.
    package static let malformedMessage = Self(rawValue: "malformedMessage")
    /// No relay could be reached.
    package static let relayUnreachable = Self(rawValue: "relayUnreachable")
    /// A relay refused an event (`OK` false) or closed a subscription (`CLOSED`).
    package static let relayRefused = Self(rawValue: "relayRefused")
    /// A relay did not answer in time.
    package static let timeout = Self(rawValue: "timeout")
    /// A relay URL that is not `ws://` or `wss://`.
    package static let invalidRelayURL = Self(rawValue: "invalidRelayURL")
}
