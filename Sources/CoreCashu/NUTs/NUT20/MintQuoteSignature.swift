// NUT-20 — Signature on mint quote: the BIP-340 signature over a quote id and its outputs' `B_` hex strings.

import Crypto

/// Signs and verifies NUT-20 mint request signatures.
///
/// `msg = utf8(quote_id) || utf8(hex(B_0)) || … || utf8(hex(B_{n-1}))`; the signature is BIP-340 over `SHA256(msg)`.
public enum MintQuoteSignature {
    /// The message bytes for `quote` and the outputs' blinded points, in output order.
    public static func message(quote: String, blindedPoints: some Sequence<Point>) -> [UInt8] {
        var bytes = Array(quote.utf8)
        for point in blindedPoints { bytes.append(contentsOf: point.hex.utf8) }
        return bytes
    }

    /// The message bytes for `quote` and `outputs`.
    public static func message(quote: String, outputs: [BlindedMessage]) -> [UInt8] {
        message(quote: quote, blindedPoints: outputs.map(\.B_))
    }

    /// `SHA256(message)`, the 32 bytes that are signed.
    public static func digest(quote: String, outputs: [BlindedMessage]) -> [UInt8] {
        Array(SHA256.hash(data: message(quote: quote, outputs: outputs)))
    }

    /// Signs a mint request for a locked quote.
    ///
    /// - Parameters:
    ///   - quote: the quote id.
    ///   - outputs: all outputs of the request, in order.
    ///   - key: the quote's private key.
    ///   - auxiliaryRandomness: BIP-340 aux bytes; fresh random bytes when `nil`.
    /// - Returns: the 64-byte signature as lowercase hex.
    /// - Throws: ``CryptoError`` when signing fails.
    public static func sign(
        quote: String, outputs: [BlindedMessage], key: Scalar, auxiliaryRandomness: [UInt8]? = nil
    ) throws(CryptoError) -> String {
        Hex.encode(
            try Schnorr.sign(
                message: digest(quote: quote, outputs: outputs), key: key, auxiliaryRandomness: auxiliaryRandomness))
    }

    /// Whether `signature` (hex) is valid for `quote`, `outputs` and the quote's public key.
    public static func isValid(signature: String, quote: String, outputs: [BlindedMessage], pubkey: Point) -> Bool {
        guard let bytes = try? Hex.decode(signature, count: 64) else { return false }
        return Schnorr.verify(signature: bytes, message: digest(quote: quote, outputs: outputs), publicKey: pubkey)
    }

    /// Verifies a signature.
    ///
    /// - Throws: ``CryptoError`` `.invalidSignature` when it is malformed or does not verify.
    public static func verify(
        signature: String, quote: String, outputs: [BlindedMessage], pubkey: Point
    ) throws(CryptoError) {
        guard isValid(signature: signature, quote: quote, outputs: outputs, pubkey: pubkey) else {
            throw CryptoError(.invalidSignature, "NUT-20 signature does not verify for this quote and outputs")
        }
    }
}
