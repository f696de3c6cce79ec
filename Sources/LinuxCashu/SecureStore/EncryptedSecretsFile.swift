// SecureStore: the encrypted store's file — a JSON header (format, KDF, salt, cipher, key check) and the AES-GCM
// sealed secrets.

import CoreCashu
import Crypto
import Foundation

/// One encrypted store file.
///
/// ```json
/// {"format":"cashu-secure-store","version":1,
///  "kdf":{"algorithm":"scrypt","salt":"…","n":131072,"r":8,"p":1},
///  "cipher":"AES-256-GCM","check":"…","nonce":"…","ciphertext":"…"}
/// ```
/// The KDF output is split by HKDF-SHA256 into an encryption key and a check key; `check` is HMAC-SHA256 of the
/// header under the check key, so a wrong passphrase (or an altered header) is told apart from a damaged
/// ciphertext. The header is the AES-GCM additional data: nothing in it can change unnoticed.
struct EncryptedSecretsFile: Codable, Sendable {
    static let formatName = "cashu-secure-store"
    static let currentVersion = 1
    static let cipherName = "AES-256-GCM"
    /// Largest file read (a hostile or broken file must not exhaust memory).
    static let maximumSize = 16 << 20

    /// The KDF as written in the header.
    struct KDFRecord: Codable, Sendable, Hashable {
        var algorithm: String
        var salt: String
        var n: Int?
        var r: Int?
        var p: Int?
        var hash: KDFParameters.PBKDF2Hash?
        var rounds: Int?
    }

    var format: String
    var version: Int
    var kdf: KDFRecord
    var cipher: String
    var check: String
    var nonce: String
    var ciphertext: String

    /// The derived keys for one header's KDF, passphrase and salt.
    struct Keys: Sendable {
        let encryption: SymmetricKey
        let check: SymmetricKey

        init(master: SymmetricKey) {
            encryption = HKDF<SHA256>.deriveKey(
                inputKeyMaterial: master,
                info: Array("cashu-secure-store/v1/encryption".utf8),
                outputByteCount: 32
            )
            check = HKDF<SHA256>.deriveKey(
                inputKeyMaterial: master,
                info: Array("cashu-secure-store/v1/check".utf8),
                outputByteCount: 32
            )
        }
    }

    // MARK: - KDF record

    static func record(_ parameters: KDFParameters, salt: [UInt8]) -> KDFRecord {
        let encodedSalt = Data(salt).base64EncodedString()
        switch parameters {
        case .scrypt(let n, let r, let p):
            return KDFRecord(algorithm: "scrypt", salt: encodedSalt, n: n, r: r, p: p)
        case .pbkdf2(let hash, let rounds):
            return KDFRecord(algorithm: "pbkdf2", salt: encodedSalt, hash: hash, rounds: rounds)
        }
    }

    /// The parameters and salt of this file's KDF.
    ///
    /// - Throws: `.unsupportedFormat` for an unknown algorithm, `.corrupt` for missing or out-of-range values.
    func kdfParameters() throws(SecureStoreError) -> (KDFParameters, [UInt8]) {
        guard let salt = Data(base64Encoded: kdf.salt), salt.count >= 16 else {
            throw SecureStoreError(.corrupt, "the encrypted store's salt is missing or too short")
        }
        let parameters: KDFParameters
        switch kdf.algorithm {
        case "scrypt":
            guard let n = kdf.n, let r = kdf.r, let p = kdf.p else {
                throw SecureStoreError(.corrupt, "the encrypted store's scrypt parameters are incomplete")
            }
            parameters = .scrypt(n: n, r: r, p: p)
        case "pbkdf2":
            guard let hash = kdf.hash, let rounds = kdf.rounds else {
                throw SecureStoreError(.corrupt, "the encrypted store's PBKDF2 parameters are incomplete")
            }
            parameters = .pbkdf2(hash: hash, rounds: rounds)
        default:
            throw SecureStoreError(.unsupportedFormat, "the encrypted store uses an unknown KDF '\(kdf.algorithm)'")
        }
        do { try parameters.validate() } catch {
            throw SecureStoreError(.corrupt, "the encrypted store's KDF parameters are out of range: \(parameters)")
        }
        return (parameters, Array(salt))
    }

    /// The additional authenticated data: every header field that decides how the file is read.
    static func authenticatedHeader(version: Int, kdf: KDFRecord, cipher: String) -> [UInt8] {
        let fields = [
            formatName, "v\(version)", kdf.algorithm, "salt=\(kdf.salt)", "n=\(kdf.n ?? 0)", "r=\(kdf.r ?? 0)",
            "p=\(kdf.p ?? 0)", "hash=\(kdf.hash?.rawValue ?? "-")", "rounds=\(kdf.rounds ?? 0)", cipher,
        ]
        return Array(fields.joined(separator: "/").utf8)
    }

    static func checkValue(keys: Keys, header: [UInt8]) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: header, using: keys.check)).base64EncodedString()
    }

    // MARK: - Seal and open

    /// A file holding `plaintext`, sealed with `keys` under a fresh nonce.
    static func seal(
        _ plaintext: SecureBytes,
        keys: Keys,
        kdf: KDFRecord
    ) throws(SecureStoreError) -> EncryptedSecretsFile {
        let header = authenticatedHeader(version: currentVersion, kdf: kdf, cipher: cipherName)
        do {
            let box = try plaintext.withUnsafeBytes { bytes in
                try AES.GCM.seal(bytes, using: keys.encryption, nonce: AES.GCM.Nonce(), authenticating: header)
            }
            return EncryptedSecretsFile(
                format: formatName,
                version: currentVersion,
                kdf: kdf,
                cipher: cipherName,
                check: checkValue(keys: keys, header: header),
                nonce: Data(box.nonce).base64EncodedString(),
                ciphertext: (box.ciphertext + box.tag).base64EncodedString()
            )
        } catch {
            throw SecureStoreError(.invalidInput, "cannot encrypt the secure store", underlying: error)
        }
    }

    /// Checks the format fields (before any key is derived).
    func validateFormat() throws(SecureStoreError) {
        guard format == Self.formatName else {
            throw SecureStoreError(.corrupt, "not an encrypted secure store file")
        }
        guard version == Self.currentVersion else {
            throw SecureStoreError(.unsupportedFormat, "encrypted secure store version \(version) is not supported")
        }
        guard cipher == Self.cipherName else {
            throw SecureStoreError(.unsupportedFormat, "the encrypted store uses an unknown cipher '\(cipher)'")
        }
    }

    /// The plaintext, after checking the passphrase (via `check`) and the ciphertext's integrity.
    ///
    /// - Throws: `.wrongPassphrase` when `keys` do not match the check value, `.corrupt` when the ciphertext or
    ///   nonce fail authentication.
    func open(keys: Keys) throws(SecureStoreError) -> SecureBytes {
        let header = Self.authenticatedHeader(version: version, kdf: kdf, cipher: cipher)
        guard let expected = Data(base64Encoded: check),
            HMAC<SHA256>.isValidAuthenticationCode(expected, authenticating: header, using: keys.check)
        else {
            throw SecureStoreError(
                .wrongPassphrase,
                "the passphrase does not open the encrypted secure store (or its header was altered)"
            )
        }
        guard let nonceBytes = Data(base64Encoded: nonce), let sealed = Data(base64Encoded: ciphertext),
            sealed.count >= 16
        else {
            throw SecureStoreError(.corrupt, "the encrypted secure store's ciphertext is damaged")
        }
        do {
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: nonceBytes),
                ciphertext: sealed.prefix(sealed.count - 16),
                tag: sealed.suffix(16)
            )
            var plaintext = try AES.GCM.open(box, using: keys.encryption, authenticating: header)
            defer { plaintext.resetBytes(in: 0..<plaintext.count) }
            return SecureBytes(plaintext)
        } catch {
            throw SecureStoreError(
                .corrupt,
                "the encrypted secure store failed authentication: it is damaged or was tampered with"
            )
        }
    }
}
