// BIP-32 — Hierarchical deterministic keys: the master key from a seed and private child derivation.

import Crypto

/// A BIP-32 extended private key: a private key and its chain code. Both are secret; the key prints as `<redacted>`.
package struct ExtendedPrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The private key at this node.
    package let privateKey: Scalar
    /// The 32-byte chain code at this node.
    let chainCode: SecureBytes
    /// How many steps below the master key this node is.
    package let depth: Int

    private init(privateKey: Scalar, chainCode: SecureBytes, depth: Int) {
        self.privateKey = privateKey
        self.chainCode = chainCode
        self.depth = depth
    }

    /// The master key: `I = HMAC-SHA512(key: "Bitcoin seed", seed)`, key = `I[0..<32]`, chain code = `I[32..<64]`.
    ///
    /// - Parameter seed: 16 to 64 bytes (BIP-39 seeds are 64).
    /// - Throws: ``CryptoError`` `.invalidDerivation` for a seed of another length, or in the (probability 2^-127)
    ///   case that the master key is zero or not below the group order.
    package init(seed: SecureBytes) throws(CryptoError) {
        guard (16...64).contains(seed.count) else {
            throw CryptoError(.invalidDerivation, "a BIP-32 seed is 16 to 64 bytes, got \(seed.count)")
        }
        var hmac = HMAC<SHA512>(key: SymmetricKey(data: Array("Bitcoin seed".utf8)))
        seed.withUnsafeBytes { hmac.update(data: $0) }
        let (key, chain) = try Self.split(hmac.finalize())
        self.init(privateKey: key, chainCode: chain, depth: 0)
    }

    /// The public key at this node.
    package var publicKey: Point { privateKey.publicKey }

    /// The child at `component` (BIP-32 CKDpriv).
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` below depth 255, or when BIP-32 declares the child invalid
    ///   (probability below 2^-127; BIP-32 says to move on to the next index).
    package func derivingChild(_ component: DerivationPath.Component) throws(CryptoError) -> ExtendedPrivateKey {
        try derivingChild(component, parentPublicKey: nil)
    }

    /// The node at `path` below this one.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` as ``derivingChild(_:)``.
    package func deriving(_ path: DerivationPath) throws(CryptoError) -> ExtendedPrivateKey {
        var node = self
        for component in path.components {
            node = try node.derivingChild(component)
        }
        return node
    }

    /// CKDpriv with the compressed parent public key supplied by a caller that derives several normal children of
    /// one parent (NUT-13 derives `/0` and `/1`), so the point multiplication is done once.
    func derivingChild(
        _ component: DerivationPath.Component, parentPublicKey: [UInt8]?
    ) throws(CryptoError) -> ExtendedPrivateKey {
        guard depth < DerivationPath.maxDepth else {
            throw CryptoError(.invalidDerivation, "BIP-32 depth cannot exceed \(DerivationPath.maxDepth)")
        }
        // BIP-32: hardened data = 0x00 || ser256(k) || ser32(i); normal data = serP(K) || ser32(i).
        let data = SecureBytes(count: 37)
        let buffer = data.storage.pointer
        if component.isHardened {
            try privateKey.withUnsafeBytes { (key) throws(CryptoError) in
                UnsafeMutableRawBufferPointer(rebasing: buffer[1..<33]).copyMemory(
                    from: UnsafeRawBufferPointer(start: key, count: 32))
            }
        } else {
            let compressed = parentPublicKey ?? publicKey.compressedRepresentation
            guard compressed.count == 33 else {
                throw CryptoError(.invalidDerivation, "a parent public key is 33 compressed bytes")
            }
            UnsafeMutableRawBufferPointer(rebasing: buffer[0..<33]).copyBytes(from: compressed)
        }
        let index = component.rawValue
        buffer[33] = UInt8(truncatingIfNeeded: index >> 24)
        buffer[34] = UInt8(truncatingIfNeeded: index >> 16)
        buffer[35] = UInt8(truncatingIfNeeded: index >> 8)
        buffer[36] = UInt8(truncatingIfNeeded: index)

        var hmac = chainCode.withUnsafeBytes { HMAC<SHA512>(key: SymmetricKey(data: $0)) }
        data.withUnsafeBytes { hmac.update(data: $0) }
        let (tweak, chain) = try Self.split(hmac.finalize())
        let child: Scalar
        do {
            child = try tweak.adding(privateKey)
        } catch {
            throw CryptoError(.invalidDerivation, "BIP-32 child key is zero; use the next index")
        }
        return ExtendedPrivateKey(privateKey: child, chainCode: chain, depth: depth + 1)
    }

    /// Splits `I` into `parse256(I_L)` (which must be a valid non-zero scalar) and the chain code `I_R`.
    private static func split(
        _ mac: HashedAuthenticationCode<SHA512>
    ) throws(CryptoError) -> (Scalar, SecureBytes) {
        let (left, right) = mac.withUnsafeBytes { raw in
            (
                SecureBytes(UnsafeRawBufferPointer(rebasing: raw[0..<32])),
                SecureBytes(UnsafeRawBufferPointer(rebasing: raw[32..<64]))
            )
        }
        do {
            let key = try left.withUnsafeBytes { (bytes) throws(CryptoError) in try Scalar(rawRepresentation: bytes) }
            return (key, right)
        } catch {
            throw CryptoError(.invalidDerivation, "BIP-32 key material is zero or not below the group order")
        }
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "ExtendedPrivateKey(depth: \(depth), <redacted>)" }
}
