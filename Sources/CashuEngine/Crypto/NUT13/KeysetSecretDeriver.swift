// NUT-13 — Deterministic secrets: per-keyset derivation (HMAC-SHA256 for `01` ids, BIP-32 for legacy `00` ids).

import Crypto

/// Derives NUT-13 secrets and blinding factors for one keyset, with the keyset-level work done once.
///
/// Obtain one from ``DeterministicSecrets/deriver(for:)``. For a v2 keyset it holds the HMAC state already keyed with
/// the seed and fed `"Cashu_KDF_HMAC_SHA256" || keyset_id`; for a v1 keyset it holds the BIP-32 node
/// `m/129372'/0'/{keyset_id_int}'`.
package struct KeysetSecretDeriver: Sendable, CustomStringConvertible {
    enum Method: Sendable {
        case hmacSHA256(HMAC<SHA256>)
        case bip32(keysetNode: ExtendedPrivateKey)
    }

    /// The keyset the outputs are for.
    package let keysetID: KeysetID
    let method: Method

    init(keysetID: KeysetID, method: Method) {
        self.keysetID = keysetID
        self.method = method
    }

    /// The secret and blinding factor for `counter`.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` for a v1 keyset and a counter of 2^31 or more (the counter
    ///   is a hardened BIP-32 index), or if a derived value is unusable (probability about 2^-128).
    package func derive(counter: UInt64) throws(CryptoError) -> DerivedOutputSecret {
        switch method {
        case .hmacSHA256(let keyed):
            return try Self.deriveHMAC(keyed, counter: counter)
        case .bip32(let node):
            return try Self.deriveBIP32(node, counter: counter)
        }
    }

    /// The most outputs one batch call derives (NUT-13 restores in batches of 100).
    package static let maxBatchSize: UInt64 = 10_000

    /// The outputs for each counter in `counters`, in order (a NUT-09 restore batch or a run of new outputs).
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` for more than ``maxBatchSize`` counters; otherwise as
    ///   ``derive(counter:)``.
    package func derive(counters: Range<UInt64>) throws(CryptoError) -> [DerivedOutputSecret] {
        let size = counters.upperBound - counters.lowerBound
        guard size <= Self.maxBatchSize else {
            throw CryptoError(.invalidDerivation, "a batch derives at most \(Self.maxBatchSize) outputs")
        }
        var out = [DerivedOutputSecret]()
        out.reserveCapacity(Int(size))
        for counter in counters {
            out.append(try derive(counter: counter))
        }
        return out
    }

    package var description: String { "KeysetSecretDeriver(\(keysetID))" }

    /// NUT-13 §HMAC-SHA256 Derivation: `HMAC(seed, prefix || uint64_be(counter) || 0x00 / 0x01)`.
    private static func deriveHMAC(_ keyed: HMAC<SHA256>, counter: UInt64) throws(CryptoError) -> DerivedOutputSecret {
        var tail: (UInt64, UInt8) = (counter.bigEndian, 0)
        var secretMAC = keyed
        var blindingMAC = keyed
        withUnsafeBytes(of: &tail.0) { secretMAC.update(data: $0) }
        withUnsafeBytes(of: &tail.1) { secretMAC.update(data: $0) }
        tail.1 = 1
        withUnsafeBytes(of: &tail.0) { blindingMAC.update(data: $0) }
        withUnsafeBytes(of: &tail.1) { blindingMAC.update(data: $0) }
        let secret = secretMAC.finalize().withUnsafeBytes { Hex.encode($0) }
        let digest = blindingMAC.finalize().withUnsafeBytes { SecureBytes($0) }
        let r: Scalar
        do {
            r = try digest.withUnsafeBytes { (raw) throws(CryptoError) in try Scalar(reducing: raw) }
        } catch {
            // NUT-13: reject r == 0 (probability about 2^-256).
            throw CryptoError(.invalidDerivation, "derived blinding factor is zero")
        }
        return DerivedOutputSecret(counter: counter, secret: secret, blindingFactor: r)
    }

    /// NUT-13 §Legacy Derivation: `…/{counter}'/0` is the secret key, `…/{counter}'/1` is r.
    private static func deriveBIP32(
        _ keysetNode: ExtendedPrivateKey, counter: UInt64
    ) throws(CryptoError) -> DerivedOutputSecret {
        guard counter < UInt64(DerivationPath.Component.hardenedBit) else {
            throw CryptoError(.invalidDerivation, "a v1 keyset counter must be below 2^31")
        }
        let counterNode = try keysetNode.derivingChild(.hardened(UInt32(counter)))
        let parent = counterNode.publicKey.compressedRepresentation
        let secretNode = try counterNode.derivingChild(.normal(0), parentPublicKey: parent)
        let blindingNode = try counterNode.derivingChild(.normal(1), parentPublicKey: parent)
        let secret = try secretNode.privateKey.withUnsafeBytes { (key) throws(CryptoError) in
            Hex.encode(UnsafeBufferPointer(start: key, count: 32))
        }
        return DerivedOutputSecret(counter: counter, secret: secret, blindingFactor: blindingNode.privateKey)
    }
}
