// Vectors/nut26.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut26 vectors")
struct NUT26VectorTests {
    static let file = VectorFile.load("nut26")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        guard c.group == "payment_request_creqb" else { throw c.fail("unknown group \(c.group)") }
        let encoded = try c.string(c.expected["encoded"], "expected.encoded")
        let input = try request(c.input["payment_request"])
        // Byte-exact: tags ascending, amount 8 bytes, sat as 0x00, Nostr `g` tuples before `r` relays, uppercase.
        try c.expectEqual(try input.creqB(), encoded, "encoded input JSON")
        // `derived.decoded` shows what decoding gives (an nprofile without relays comes back as an npub).
        let truth = c.derived["decoded"].isNull ? input : try request(c.derived["decoded"])
        let decoded = try PaymentRequest(encoded: encoded)
        try c.expectEqual(decoded, truth, "decoded request")
        try c.expectEqual(try PaymentRequest(encoded: encoded.lowercased()), truth, "decoded lowercase request")
        try c.expectEqual(try decoded.creqB(), encoded, "re-encoded decoded request")
        if let records = c.derived["tlv_records"].arrayValue {
            let (_, bytes) = try Bech32.decodeBytes(encoded, variant: .bech32m)
            var reader = TLVReader(bytes)
            var actual: [String] = []
            while let (tag, value) = try reader.next() { actual.append("\(tag):\(Hex.encode(value))") }
            let expected = records.map { "\($0["tag"].uint64Value ?? 999):\($0["value_hex"].stringValue ?? "?")" }
            try c.expectEqual(actual, expected, "TLV records")
        }
    }

    static func request(_ json: JSONValue) throws -> PaymentRequest {
        try JSONDecoder().decode(PaymentRequest.self, from: json.jsonData)
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
