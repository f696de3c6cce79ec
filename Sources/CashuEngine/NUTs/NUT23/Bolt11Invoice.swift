// NUT-23 — BOLT11: the parts of a Lightning invoice the wallet reads (BOLT #11): payment hash, timestamp, expiry,
// amount, description hash. Enough to check a mint's payment preimage; not enough to decide to pay.

import Foundation

/// A decoded BOLT11 invoice: the fields a wallet needs to check what a mint paid.
///
/// Decoding checks the bech32 checksum (no 90-character limit, either case), the human-readable part and the
/// tagged-field framing. It does not verify the payee's signature, the feature bits or the fields a payer must
/// insist on (`s`, `d`/`h`): the mint pays the invoice, the wallet only reads it, e.g. to check that
/// `SHA256(payment_preimage)` is its payment hash (``ProofOfPayment``).
package struct Bolt11Invoice: Hashable, Sendable {
    /// The currency prefix after `ln`: `bc` (mainnet), `tb` (testnet), `tbs` (signet), `bcrt` (regtest), …
    package let currency: String
    /// The amount asked, in millisatoshis; `nil` when the invoice leaves it to the payer.
    package let amountMillisatoshis: UInt64?
    /// When the invoice was made, in seconds since 1970.
    package let timestamp: UInt64
    /// The payment hash (tag `p`, 32 bytes): the SHA-256 of the preimage that proves payment.
    package let paymentHash: [UInt8]
    /// How many seconds after ``timestamp`` the invoice expires (tag `x`; 3600 when absent).
    package let expiry: UInt64
    /// The SHA-256 its description is committed to (tag `h`, 32 bytes), when it has one (LNURL-pay checks it).
    package let descriptionHash: [UInt8]?

    /// Whether the invoice commits to its description by hash (tag `h`) rather than carrying it (tag `d`).
    package var hasDescriptionHash: Bool { descriptionHash != nil }

    /// The Unix time after which the payee no longer accepts payment (saturating).
    package var expiresAt: UInt64 {
        let (sum, overflow) = timestamp.addingReportingOverflow(expiry)
        return overflow ? .max : sum
    }

    /// The default expiry, in seconds, of an invoice without an `x` field.
    package static let defaultExpiry: UInt64 = 3600

    /// The timestamp is 35 bits (7 groups); the signature 520 bits (104 groups).
    static let timestampGroups = 7
    static let signatureGroups = 104

    /// Decodes an invoice.
    ///
    /// - Parameter string: a BOLT11 invoice, optionally prefixed `lightning:`, all in upper or all in lower case,
    ///   surrounding white space ignored.
    /// - Throws: ``EncodingFailure``: `.limitExceeded`, `.mixedCase`, `.invalidBech32`, `.bech32Checksum` (as
    ///   `Bech32/decode(_:limit:)`; a bech32m checksum counts as wrong), `.invalidPrefix` for a human-readable part
    ///   not `ln` + currency, `.invalidField` / `.amountOverflow` for a bad amount or expiry, `.truncated` when the
    ///   data is too short for a timestamp and a signature or a tagged field runs past its end, `.missingField` when
    ///   no `p` field of the right length is present.
    package init(_ string: some StringProtocol) throws(EncodingFailure) {
        var text = Substring(String(string).trimmingCharacters(in: .whitespacesAndNewlines))
        if text.utf8.count >= 10, text.prefix(10).lowercased() == "lightning:" { text = text.dropFirst(10) }
        let (hrp, data, variant) = try Bech32.decode(text)
        guard variant == .bech32 else {
            throw EncodingFailure(.bech32Checksum, "a BOLT11 invoice carries a bech32 checksum, not bech32m")
        }
        let (currency, amount) = try Bolt11Amount.humanReadablePart(hrp)
        guard data.count >= Self.timestampGroups + Self.signatureGroups else {
            throw EncodingFailure(.truncated, "the invoice is too short for a timestamp and a signature")
        }
        let fieldsEnd = data.count - Self.signatureGroups
        var fields = Bolt11TaggedFields(data[Self.timestampGroups..<fieldsEnd])
        var paymentHash: [UInt8]?
        var expiry: UInt64?
        var descriptionHash: [UInt8]?
        while let (tag, value) = try fields.next() {
            switch tag {
            // BOLT #11: fields of a fixed length given another length are skipped, and the first `p` is the one.
            case Bolt11TaggedFields.paymentHash where value.count == 52 && paymentHash == nil:
                paymentHash = Array(try Bech32.convertBits(Array(value), from: 5, to: 8, pad: true).prefix(32))
            case Bolt11TaggedFields.descriptionHash where value.count == 52 && descriptionHash == nil:
                descriptionHash = Array(try Bech32.convertBits(Array(value), from: 5, to: 8, pad: true).prefix(32))
            case Bolt11TaggedFields.expiry where expiry == nil:
                expiry = try Self.bigEndian(value)
            default:
                continue
            }
        }
        guard let paymentHash else {
            throw EncodingFailure(.missingField, "the invoice has no payment hash")
        }
        self.currency = currency
        self.amountMillisatoshis = amount
        self.timestamp = try Self.bigEndian(data[..<Self.timestampGroups])
        self.paymentHash = paymentHash
        self.expiry = expiry ?? Self.defaultExpiry
        self.descriptionHash = descriptionHash
    }

    /// A big-endian number of 5-bit groups.
    /// - Throws: ``EncodingFailure`` `.invalidField` past `UInt64`.
    private static func bigEndian(_ groups: ArraySlice<UInt8>) throws(EncodingFailure) -> UInt64 {
        var value: UInt64 = 0
        for group in groups {
            guard value >> 59 == 0 else { throw EncodingFailure(.invalidField, "an invoice number is too large") }
            value = value << 5 | UInt64(group)
        }
        return value
    }
}
