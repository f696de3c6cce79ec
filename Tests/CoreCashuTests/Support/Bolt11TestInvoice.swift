// Test support: BOLT #11 invoices assembled from chosen fields, for the decoder's hostile-input tests and for melts
// whose preimage a test knows.

import Crypto
import Foundation

@testable import CoreCashu

/// Builds bolt11 strings field by field. The signature is a stand-in that a recovering reader (Nutshell's `bolt11`)
/// accepts — r = the x of the generator, s = 1, recovery id 0 — so a real mint quotes and "pays" these invoices.
enum Bolt11TestInvoice {
    /// One tagged field: its 5-bit type and its data as 5-bit groups.
    struct Field {
        var tag: UInt8
        var groups: [UInt8]

        /// A field holding `bytes`, regrouped into 5 bits with zero padding.
        static func bytes(_ tag: UInt8, _ bytes: [UInt8]) -> Field {
            Field(tag: tag, groups: (try? Bech32.convertBits(bytes, from: 8, to: 5, pad: true)) ?? [])
        }

        /// A field holding a big-endian number in the fewest groups.
        static func number(_ tag: UInt8, _ value: UInt64) -> Field {
            Field(tag: tag, groups: Bolt11TestInvoice.groups(value, count: nil))
        }

        /// `p`: a payment hash.
        static func paymentHash(_ hash: [UInt8]) -> Field { .bytes(1, hash) }
        /// `s`: a payment secret.
        static func paymentSecret(_ secret: [UInt8]) -> Field { .bytes(16, secret) }
        /// `d`: a short description.
        static func description(_ text: String) -> Field { .bytes(13, Array(text.utf8)) }
        /// `h`: a description hash.
        static func descriptionHash(_ hash: [UInt8]) -> Field { .bytes(23, hash) }
        /// `x`: an expiry in seconds.
        static func expiry(_ seconds: UInt64) -> Field { .number(6, seconds) }
    }

    /// r || s || recovery id, 65 bytes = 104 groups.
    static let signature: [UInt8] = {
        let r = (try? Hex.decode("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")) ?? []
        let s = [UInt8](repeating: 0, count: 31) + [1]
        return r + s + [0]
    }()

    /// Groups a number big-endian into `count` groups, or the fewest that hold it.
    static func groups(_ value: UInt64, count: Int?) -> [UInt8] {
        var out: [UInt8] = []
        var rest = value
        repeat {
            out.insert(UInt8(rest & 31), at: 0)
            rest >>= 5
        } while rest > 0 && (count.map { out.count < $0 } ?? true)
        if let count { while out.count < count { out.insert(0, at: 0) } }
        return out
    }

    /// An invoice with `hrp` (`ln` + currency + amount), a timestamp, the fields in order and the first
    /// `signatureGroups` groups of the stand-in signature, under `variant`'s checksum.
    static func make(
        hrp: String = "lnbc", timestamp: UInt64 = 1_700_000_000, fields: [Field],
        signatureGroups: Int = 104, variant: Bech32.Variant = .bech32
    ) throws -> String {
        var data = groups(timestamp, count: 7)
        for field in fields {
            data.append(field.tag)
            data += groups(UInt64(field.groups.count), count: 2)
            data += field.groups
        }
        let signatureData = try Bech32.convertBits(signature, from: 8, to: 5, pad: true)
        data += signatureData.prefix(signatureGroups)
        return try Bech32.encode(hrp: hrp, data: data, variant: variant)
    }

    /// A payable invoice of `amountSat` sat whose preimage is known: `p` = SHA256(preimage), a secret, a description.
    static func payable(amountSat: UInt64, preimage: [UInt8]) throws -> String {
        try make(
            hrp: "lnbc\(amountSat * 10)n", timestamp: UInt64(Date().timeIntervalSince1970),
            fields: [
                .paymentHash(Array(SHA256.hash(data: preimage))),
                .paymentSecret([UInt8](repeating: 0x11, count: 32)),
                .description("cashu-swift preimage test"),
            ])
    }

    /// 32 random bytes.
    static func randomPreimage() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
