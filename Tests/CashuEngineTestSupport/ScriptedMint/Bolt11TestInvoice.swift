// Test support: BOLT #11 invoices built field by field, for decoder tests and melts whose preimage a test knows.

import CashuEngine
import Crypto
import Foundation

/// Builds bolt11 strings field by field. The signature is a stand-in that a recovering reader (Nutshell's `bolt11`)
/// accepts — r = the x of the generator, s = 1, recovery id 0 — so a real mint quotes and "pays" these invoices.
///
/// Invoices made by ``payable(amountSat:preimage:)`` and ``payable(amountMsat:preimage:)`` remember their preimage
/// (process-wide), so a ``ScriptedMint`` paying one answers with the preimage that matches its payment hash.
package enum Bolt11TestInvoice {
    /// One tagged field: its 5-bit type and its data as 5-bit groups.
    package struct Field: Sendable, Hashable {
        /// The 5-bit field type.
        package var tag: UInt8
        /// The field's data as 5-bit groups.
        package var groups: [UInt8]

        /// A field with raw groups (any length, even a wrong one).
        package init(tag: UInt8, groups: [UInt8]) {
            self.tag = tag
            self.groups = groups
        }

        /// A field holding `bytes`, regrouped into 5 bits with zero padding.
        package static func bytes(_ tag: UInt8, _ bytes: [UInt8]) -> Field {
            Field(tag: tag, groups: Bolt11TestInvoice.regroup(bytes))
        }

        /// A field holding a big-endian number in the fewest groups.
        package static func number(_ tag: UInt8, _ value: UInt64) -> Field {
            Field(tag: tag, groups: Bolt11TestInvoice.groups(value, count: nil))
        }

        /// `p`: a payment hash.
        package static func paymentHash(_ hash: [UInt8]) -> Field { .bytes(1, hash) }
        /// `s`: a payment secret.
        package static func paymentSecret(_ secret: [UInt8]) -> Field { .bytes(16, secret) }
        /// `d`: a short description.
        package static func description(_ text: String) -> Field { .bytes(13, Array(text.utf8)) }
        /// `h`: a description hash.
        package static func descriptionHash(_ hash: [UInt8]) -> Field { .bytes(23, hash) }
        /// `x`: an expiry in seconds.
        package static func expiry(_ seconds: UInt64) -> Field { .number(6, seconds) }
    }

    /// r || s || recovery id, 65 bytes = 104 groups.
    package static let signature: [UInt8] = {
        let r = (try? Hex.decode("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")) ?? []
        let s = [UInt8](repeating: 0, count: 31) + [1]
        return r + s + [0]
    }()

    /// Preimages of the payable invoices made in this process, by payment hash (hex).
    private static let preimages = Locked<[String: String]>([:])

    /// Groups a number big-endian into `count` groups, or the fewest that hold it.
    package static func groups(_ value: UInt64, count: Int?) -> [UInt8] {
        var out: [UInt8] = []
        var rest = value
        repeat {
            out.insert(UInt8(rest & 31), at: 0)
            rest >>= 5
        } while rest > 0 && (count.map { out.count < $0 } ?? true)
        if let count { while out.count < count { out.insert(0, at: 0) } }
        return out
    }

    /// Bytes as 5-bit groups, big-endian, the last group padded with zero bits (bech32's 8-to-5 conversion).
    package static func regroup(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            accumulator = (accumulator << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(UInt8((accumulator >> UInt32(bits)) & 31))
            }
        }
        if bits > 0 { out.append(UInt8((accumulator << UInt32(5 - bits)) & 31)) }
        return out
    }

    /// An invoice with `hrp` (`ln` + currency + amount), a timestamp, the fields in order and the first
    /// `signatureGroups` groups of the stand-in signature, under `variant`'s checksum.
    package static func make(
        hrp: String = "lnbc", timestamp: UInt64 = 1_700_000_000, fields: [Field],
        signatureGroups: Int = 104, variant: Bech32.Variant = .bech32
    ) throws -> String {
        var data = groups(timestamp, count: 7)
        for field in fields {
            data.append(field.tag)
            data += groups(UInt64(field.groups.count), count: 2)
            data += field.groups
        }
        data += regroup(signature).prefix(signatureGroups)
        return try Bech32.encode(hrp: hrp, data: data, variant: variant)
    }

    /// A payable invoice of `amountSat` sat whose preimage is known: `p` = SHA256(preimage), a secret, a description.
    package static func payable(amountSat: UInt64, preimage: [UInt8]) throws -> String {
        try payable(hrp: "lnbc\(amountSat * 10)n", preimage: preimage)
    }

    /// A payable invoice of `amountMsat` millisatoshis whose preimage is known.
    package static func payable(amountMsat: UInt64, preimage: [UInt8]) throws -> String {
        try payable(hrp: "lnbc\(amountMsat * 10)p", preimage: preimage)
    }

    private static func payable(hrp: String, preimage: [UInt8]) throws -> String {
        let hash = Array(SHA256.hash(data: preimage))
        let invoice = try make(
            hrp: hrp, timestamp: UInt64(Date().timeIntervalSince1970),
            fields: [
                .paymentHash(hash),
                .paymentSecret([UInt8](repeating: 0x11, count: 32)),
                .description("cashu-swift preimage test"),
            ])
        preimages.withLock { $0[Hex.encode(hash)] = Hex.encode(preimage) }
        return invoice
    }

    /// The preimage (hex) of a payable invoice made in this process, by its payment hash.
    package static func knownPreimage(paymentHash: [UInt8]) -> String? {
        preimages.withLock { $0[Hex.encode(paymentHash)] }
    }

    /// 32 random bytes.
    package static func randomPreimage() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
