// NUT-20 — Signature on mint quote: the BIP-340 signature over a quote id and its outputs (nuts#375 hardened message,
// and the legacy one mints still accept).

import Crypto

/// Signs and verifies NUT-20 mint request signatures.
///
/// The signature is BIP-340 over `SHA256(msg)`. Two messages exist:
/// - ``Scheme/hardened`` (nuts#375, the default): `"Cashu_MintQuoteSig_v1" ‖ len32(quote) ‖ utf8(quote)`, then for
///   each output in request order `len32(amount) ‖ amount ‖ len32(B_) ‖ B_`, where `len32` is a 4-byte big-endian
///   length, `amount` its minimal big-endian bytes (none for 0) and `B_` the 33 compressed-point bytes;
/// - ``Scheme/legacy``: `utf8(quote) ‖ utf8(hex(B_0)) ‖ … ‖ utf8(hex(B_{n-1}))`, which lets a signature be moved
///   between outputs of different amounts. Mints released before the change (CDK 0.17) accept only this one.
package enum MintQuoteSignature {
    /// Which message is signed.
    package enum Scheme: String, Sendable, Codable, CaseIterable {
        /// The length-prefixed, domain-separated message of nuts#375.
        case hardened
        /// The concatenation of the quote id and the outputs' hex strings.
        case legacy
    }

    /// The domain separator of the hardened message.
    static let domainTag = Array("Cashu_MintQuoteSig_v1".utf8)

    /// The message bytes for `quote` and `outputs` (in request order).
    package static func message(quote: String, outputs: [BlindedMessage], scheme: Scheme = .hardened) -> [UInt8] {
        switch scheme {
        case .hardened:
            var bytes = domainTag
            appendPrefixed(Array(quote.utf8), to: &bytes)
            for output in outputs {
                appendPrefixed(minimalBigEndian(output.amount), to: &bytes)
                appendPrefixed(output.B_.compressedRepresentation, to: &bytes)
            }
            return bytes
        case .legacy:
            var bytes = Array(quote.utf8)
            for output in outputs { bytes.append(contentsOf: output.B_.hex.utf8) }
            return bytes
        }
    }

    /// `SHA256(message)`, the 32 bytes that are signed.
    package static func digest(quote: String, outputs: [BlindedMessage], scheme: Scheme = .hardened) -> [UInt8] {
        Array(SHA256.hash(data: message(quote: quote, outputs: outputs, scheme: scheme)))
    }

    /// Signs a mint request for a locked quote.
    ///
    /// - Parameters:
    ///   - quote: the quote id.
    ///   - outputs: all outputs of the request, in order.
    ///   - key: the quote's private key.
    ///   - scheme: the message to sign.
    ///   - auxiliaryRandomness: BIP-340 aux bytes; fresh random bytes when `nil`.
    /// - Returns: the 64-byte signature as lowercase hex.
    /// - Throws: ``CryptoError`` when signing fails.
    package static func sign(
        quote: String, outputs: [BlindedMessage], key: Scalar, scheme: Scheme = .hardened,
        auxiliaryRandomness: [UInt8]? = nil
    ) throws(CryptoError) -> String {
        Hex.encode(
            try Schnorr.sign(
                message: digest(quote: quote, outputs: outputs, scheme: scheme), key: key,
                auxiliaryRandomness: auxiliaryRandomness))
    }

    /// Whether `signature` (hex) is valid for `quote`, `outputs` and the quote's public key under `scheme`.
    package static func isValid(
        signature: String, quote: String, outputs: [BlindedMessage], pubkey: Point, scheme: Scheme = .hardened
    ) -> Bool {
        guard let bytes = try? Hex.decode(signature, count: 64) else { return false }
        return Schnorr.verify(
            signature: bytes, message: digest(quote: quote, outputs: outputs, scheme: scheme), publicKey: pubkey)
    }

    /// Verifies a signature under `scheme`.
    ///
    /// - Throws: ``CryptoError`` `.invalidSignature` when it is malformed or does not verify.
    package static func verify(
        signature: String, quote: String, outputs: [BlindedMessage], pubkey: Point, scheme: Scheme = .hardened
    ) throws(CryptoError) {
        guard isValid(signature: signature, quote: quote, outputs: outputs, pubkey: pubkey, scheme: scheme) else {
            throw CryptoError(.invalidSignature, "NUT-20 signature does not verify for this quote and outputs")
        }
    }

    private static func appendPrefixed(_ field: [UInt8], to bytes: inout [UInt8]) {
        let count = UInt32(truncatingIfNeeded: field.count)
        bytes.append(contentsOf: [UInt8(count >> 24), UInt8((count >> 16) & 0xff), UInt8((count >> 8) & 0xff)])
        bytes.append(UInt8(count & 0xff))
        bytes.append(contentsOf: field)
    }

    /// The amount's big-endian bytes without leading zeros (none for 0).
    static func minimalBigEndian(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = value
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xff), at: 0)
            rest >>= 8
        }
        return bytes
    }
}
