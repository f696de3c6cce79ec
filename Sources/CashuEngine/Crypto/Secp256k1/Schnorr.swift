// CoreCashu — BIP-340 Schnorr signatures over libsecp256k1 (NUT-11 witnesses, NUT-20 quote signatures).

internal import CSecp256k1

/// BIP-340 Schnorr signing and verification of 32-byte messages.
///
/// NUT-11 and NUT-20 sign `SHA256(utf8(message))`: hash first, then pass the digest here.
package enum Schnorr {
    /// Signs a 32-byte message.
    ///
    /// - Parameters:
    ///   - message: the 32-byte digest to sign.
    ///   - key: the private key; its public key is used x-only.
    ///   - auxiliaryRandomness: 32 bytes of BIP-340 aux randomness; fresh random bytes when `nil`.
    /// - Returns: the 64-byte signature.
    /// - Throws: ``CryptoError`` `.invalidSignature` for a message or aux that is not 32 bytes.
    package static func sign(
        message: [UInt8],
        key: Scalar,
        auxiliaryRandomness: [UInt8]? = nil
    ) throws(CryptoError) -> [UInt8] {
        guard message.count == 32 else {
            throw CryptoError(.invalidSignature, "a Schnorr message is 32 bytes, got \(message.count)")
        }
        let aux = auxiliaryRandomness ?? SecureBytes.random(count: 32).exposedSecretBytes
        guard aux.count == 32 else {
            throw CryptoError(.invalidSignature, "BIP-340 aux randomness is 32 bytes, got \(aux.count)")
        }
        var keypair = secp256k1_keypair()
        defer { _ = withUnsafeMutableBytes(of: &keypair) { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        let created = try key.withUnsafeBytes { (p) throws(CryptoError) -> Int32 in
            secp256k1_keypair_create(Secp256k1Context.shared.raw, &keypair, p)
        }
        guard created == 1 else { throw CryptoError(.invalidScalar, "key cannot make a keypair") }
        var signature = [UInt8](repeating: 0, count: 64)
        let ok = secp256k1_schnorrsig_sign32(Secp256k1Context.shared.raw, &signature, message, &keypair, aux)
        guard ok == 1 else { throw CryptoError(.invalidSignature, "Schnorr signing failed") }
        return signature
    }

    /// Verifies a BIP-340 signature against a public key used x-only (its `02`/`03` prefix is ignored).
    ///
    /// - Returns: `true` only for a valid 64-byte signature over the 32-byte message.
    package static func verify(signature: [UInt8], message: [UInt8], publicKey: Point) -> Bool {
        guard signature.count == 64, message.count == 32 else { return false }
        var xonly = secp256k1_xonly_pubkey()
        let x = publicKey.xOnly
        guard secp256k1_xonly_pubkey_parse(Secp256k1Context.shared.raw, &xonly, x) == 1 else { return false }
        return secp256k1_schnorrsig_verify(Secp256k1Context.shared.raw, signature, message, 32, &xonly) == 1
    }
}
