// NIP-44 — version 2 payload framing: base64(version || nonce || ciphertext || mac), decoded within a size limit.

/// The parts of a NIP-44 v2 payload (`decode_payload` in the pseudocode).
struct NIP44Payload {
    /// The version byte this implementation reads and writes.
    static let version: UInt8 = 2
    /// The shortest base64 payload (§Decryption step 2: a 1-byte plaintext, padded to 32, gives 132 characters).
    static let minimumEncodedLength = 132
    /// The shortest decoded payload: version (1), nonce (32), padded plaintext with prefix (34), MAC (32).
    static let minimumDecodedLength = 99

    let nonce: [UInt8]
    let ciphertext: ArraySlice<UInt8>
    let mac: ArraySlice<UInt8>

    init(nonce: [UInt8], ciphertext: [UInt8], mac: [UInt8]) {
        self.nonce = nonce
        self.ciphertext = ciphertext[...]
        self.mac = mac[...]
    }

    /// Splits a payload, checking its length against `maximumLength` before decoding any base64.
    ///
    /// - Throws: ``NostrError`` `.unsupportedVersion` for a `#`-flagged payload or a version other than 2;
    ///   `.decryptionFailed` for a payload that is too short, longer than `maximumLength` characters, or not base64.
    init(decoding payload: String, maximumLength: Int) throws(NostrError) {
        let length = payload.utf8.count
        guard payload.utf8.first != UInt8(ascii: "#") else {
            throw NostrError(.unsupportedVersion, "the NIP-44 payload uses an encoding this version does not know")
        }
        guard length >= Self.minimumEncodedLength else {
            throw NostrError(.decryptionFailed, "a NIP-44 payload is at least 132 characters, got \(length)")
        }
        guard length <= maximumLength else {
            throw NostrError(
                .decryptionFailed, "the NIP-44 payload is longer than the \(maximumLength)-character limit")
        }
        guard let data = NostrBase64.decode(payload) else {
            throw NostrError(.decryptionFailed, "the NIP-44 payload is not base64")
        }
        guard data.count >= Self.minimumDecodedLength else {
            throw NostrError(.decryptionFailed, "a NIP-44 payload decodes to at least 99 bytes, got \(data.count)")
        }
        guard data[0] == Self.version else {
            throw NostrError(.unsupportedVersion, "NIP-44 version \(data[0]) is not supported")
        }
        nonce = Array(data[1..<33])
        ciphertext = data[33..<data.count - 32]
        mac = data[(data.count - 32)...]
    }

    /// The base64 payload.
    var encoded: String {
        var data: [UInt8] = [Self.version]
        data.reserveCapacity(1 + nonce.count + ciphertext.count + mac.count)
        data += nonce
        data += ciphertext
        data += mac
        return NostrBase64.encode(data)
    }
}
