// SecureStore: the encrypted file store's derived key as `cashu unlock` keeps it in the kernel keyring — bound to the
// file's KDF header, so a key derived from an older passphrase (or salt) is never used.

import CoreCashu
import Crypto
import Foundation

/// A derived key of an ``EncryptedFileStore`` file, with the fingerprint of the KDF header it was derived for.
package struct UnlockedKey: Sendable {
    /// The payload's format.
    static let version: UInt8 = 1
    static let fingerprintLength = 16
    static let payloadLength = 1 + fingerprintLength + 32

    /// The first 16 bytes of SHA-256 over the KDF header (algorithm, salt, parameters), as sorted-key JSON.
    let fingerprint: [UInt8]
    /// The key the KDF derived from the passphrase.
    let master: SymmetricKey

    init(record: EncryptedSecretsFile.KDFRecord, master: SymmetricKey) {
        self.fingerprint = Self.fingerprint(of: record)
        self.master = master
    }

    /// Reads a payload written by ``payload``.
    /// - Throws: ``SecureStoreError`` `.corrupt` for anything else.
    package init(payload: SecureBytes) throws(SecureStoreError) {
        let bytes = payload.exposedSecretBytes
        guard bytes.count == Self.payloadLength, bytes[0] == Self.version else {
            throw SecureStoreError(.corrupt, "the unlocked key in the kernel keyring is not one this version wrote")
        }
        fingerprint = Array(bytes[1...Self.fingerprintLength])
        master = SymmetricKey(data: bytes[(1 + Self.fingerprintLength)...])
    }

    /// `version || fingerprint || key`.
    package var payload: SecureBytes {
        master.withUnsafeBytes { key in SecureBytes([Self.version] + fingerprint + Array(key)) }
    }

    /// The kernel keyring description of a wallet's unlocked key.
    package static func keyringDescription(for wallet: WalletID) -> String {
        "cashu:secure-store:\(wallet)"
    }

    /// Whether this key was derived for the file whose header is `record`.
    func matches(_ record: EncryptedSecretsFile.KDFRecord) -> Bool {
        fingerprint == Self.fingerprint(of: record)
    }

    static func fingerprint(of record: EncryptedSecretsFile.KDFRecord) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(record)) ?? Data()
        return Array(SHA256.hash(data: json).prefix(fingerprintLength))
    }
}
