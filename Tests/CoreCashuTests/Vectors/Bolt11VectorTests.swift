// Vectors/bolt11.json (BOLT #11's example invoices) — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("bolt11 vectors")
struct Bolt11VectorTests {
    static let file = VectorFile.load("bolt11")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        let invoice = try c.string(c.input["invoice"], "input.invoice")
        switch c.group {
        case "valid":
            let decoded = try Bolt11Invoice(invoice)
            try c.expectEqual(decoded.currency, try c.string(c.expected["currency"], "currency"), "currency")
            try c.expectEqual(decoded.amountMillisatoshis, c.expected["amount_msat"].uint64Value, "amount")
            try c.expectEqual(decoded.timestamp, c.expected["timestamp"].uint64Value ?? 0, "timestamp")
            try c.expectEqual(Hex.encode(decoded.paymentHash), try c.string(c.expected["payment_hash"], "hash"), "hash")
            try c.expectEqual(decoded.expiry, c.expected["expiry"].uint64Value ?? 0, "expiry")
            try c.expectEqual(decoded.hasDescriptionHash, c.expected["description_hash"].boolValue, "description hash")
            // The amount read alone agrees with the decoder.
            try c.expectEqual(Bolt11Amount.millisatoshis(invoice), decoded.amountMillisatoshis, "Bolt11Amount")
        case "outside_decoder_scope":
            let decoded = try Bolt11Invoice(invoice)
            try c.expectEqual(Hex.encode(decoded.paymentHash), try c.string(c.expected["payment_hash"], "hash"), "hash")
        case "invalid":
            let code = try c.string(c.expected["error"], "expected.error")
            try c.expectError(EncodingFailure.self, "decoding", matching: { $0.code.rawValue == code }) {
                _ = try Bolt11Invoice(invoice)
            }
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
