// Vectors/nut20.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut20 vectors")
struct NUT20VectorTests {
    static let file = VectorFile.load("nut20")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        guard c.group == "mint_request_signature" else { throw c.fail("unknown group \(c.group)") }
        let request = try JSONDecoder().decode(MintRequest.self, from: c.input["mint_request"].jsonData)
        let pubkey = try Point(hex: try c.string(c.input["quote_pubkey"], "quote_pubkey"))
        guard let signature = request.signature else { throw c.fail("request has no signature") }
        let schemeName = try c.string(c.input["scheme"], "scheme")
        guard let scheme = MintQuoteSignature.Scheme(rawValue: schemeName) else { throw c.fail("scheme \(schemeName)") }
        let message = MintQuoteSignature.message(quote: request.quote, outputs: request.outputs, scheme: scheme)
        if let bytes = c.expected["msg_to_sign_bytes"].arrayValue {
            try c.expectEqual(message.map(UInt64.init), bytes.compactMap(\.uint64Value), "message bytes")
        }
        if let hex = c.expected["msg_to_sign_hex"].stringValue {
            try c.expectEqual(Hex.encode(message), hex, "message bytes")
        }
        if let digest = c.derived["msg_sha256"].stringValue {
            let computed = MintQuoteSignature.digest(quote: request.quote, outputs: request.outputs, scheme: scheme)
            try c.expectEqual(Hex.encode(computed), digest, "message hash")
        }
        if c.valid {
            try MintQuoteSignature.verify(
                signature: signature, quote: request.quote, outputs: request.outputs, pubkey: pubkey, scheme: scheme)
        } else {
            try c.expectError(CryptoError.self, "bad signature", matching: { $0.code == .invalidSignature }) {
                try MintQuoteSignature.verify(
                    signature: signature, quote: request.quote, outputs: request.outputs, pubkey: pubkey,
                    scheme: scheme)
            }
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
