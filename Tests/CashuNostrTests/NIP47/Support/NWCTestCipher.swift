// NIP-47 tests — a stand-in cipher: readable, but bound to the scheme and to both keys, so a payload decrypts only
// with the scheme it was made with and by the key pair it was addressed to; a random nonce makes each payload new.

import Foundation

@testable import CashuNostr

/// `<scheme>|<sender>|<recipient>|<nonce>|<base64 plaintext>`; decrypting checks the scheme and the two keys.
struct NWCTestCipher: NWCCipher {
    var schemes: [NWCEncryption] = [.nip44v2, .nip04]

    func encrypt(
        _ plaintext: String, with scheme: NWCEncryption, from sender: NostrKeyPair, to recipient: NostrPublicKey
    ) throws(NostrError) -> String {
        guard schemes.contains(scheme) else { throw NostrError(.unsupportedVersion, "\(scheme) not available") }
        let nonce = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return [scheme.rawValue, sender.publicKey.hex, recipient.hex, nonce, Data(plaintext.utf8).base64EncodedString()]
            .joined(separator: "|")
    }

    func decrypt(
        _ payload: String, with scheme: NWCEncryption, by recipient: NostrKeyPair, from sender: NostrPublicKey
    ) throws(NostrError) -> String {
        let parts = payload.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, parts[0] == scheme.rawValue, parts[1] == sender.hex,
            parts[2] == recipient.publicKey.hex, let data = Data(base64Encoded: parts[4])
        else { throw NostrError(.decryptionFailed, "test payload does not decrypt") }
        return String(decoding: data, as: UTF8.self)
    }
}
