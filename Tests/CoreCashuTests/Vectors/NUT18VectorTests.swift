// Vectors/nut18.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut18 vectors")
struct NUT18VectorTests {
    static let file = VectorFile.load("nut18")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        guard c.group == "payment_request_creqA" else { throw c.fail("unknown group \(c.group)") }
        let encoded = try c.string(c.expected["encoded"], "expected.encoded")
        let input = try request(c.input["payment_request"])
        let decoded = try PaymentRequest(encoded: encoded)
        // Erratum (nut18.json `errata`, tests/18 "Basic Payment Request"): the published string is the 18.md example,
        // not the JSON beside it; the file gives what the string really holds in `derived.decoded_from_encoded`.
        let erratum = c.raw["researcher_check"]["status"].stringValue == "FAIL"
        let truth = c.derived["decoded_from_encoded"].isNull ? input : try request(c.derived["decoded_from_encoded"])
        try c.expectEqual(decoded, truth, "decoded request")
        // The CBOR bytes re-encode exactly. Erratum found here (not in nut18.json): two published strings
        // ("Complete", "HTTP Transport") use the standard base64 alphabet (`+`, `/`) although 18.md prescribes
        // base64_urlsafe; our encoder follows the spec, so the string is compared in its url-safe spelling.
        let cbor = try Base64URL.decode(encoded.dropFirst(5))
        try c.expectEqual(CBOREncoder.encode(decoded.cborValue), cbor, "re-encoded CBOR")
        let urlSafe = String(encoded.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
        try c.expectEqual(decoded.creqA(), urlSafe, "re-encoded request")
        if !erratum {
            try c.expectEqual(input, truth, "input JSON vs decoded content")
            try c.expectEqual(CBOREncoder.encode(input.cborValue), cbor, "CBOR of input JSON")
            try c.expectEqual(input.creqA(), urlSafe, "encoded input JSON")
        } else {
            try c.expectTrue(input != decoded, "erratum case: input JSON should differ from the encoding")
        }
        // A lowercase prefix and stripped padding decode to the same request.
        let variant = "creqa" + encoded.dropFirst(5).filter { $0 != "=" }
        try c.expectEqual(try PaymentRequest(encoded: variant), decoded, "unpadded, lowercase-prefix request")
    }

    static func request(_ json: JSONValue) throws -> PaymentRequest {
        try JSONDecoder().decode(PaymentRequest.self, from: json.jsonData)
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
