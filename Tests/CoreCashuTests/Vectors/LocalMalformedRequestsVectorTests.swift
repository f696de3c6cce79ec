// Vectors/local-malformed-requests.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("local-malformed-requests vectors")
struct LocalMalformedRequestsVectorTests {
    static let file = VectorFile.load("local-malformed-requests")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        guard ["creqA", "creqb", "entry"].contains(c.group) else { throw c.fail("unknown group \(c.group)") }
        let encoded = try c.string(c.input["encoded"], "input.encoded")
        if c.valid {
            let expected = try JSONDecoder().decode(PaymentRequest.self, from: c.expected["decoded"].jsonData)
            try c.expectEqual(try PaymentRequest(encoded: encoded), expected, "decoded request")
        } else {
            let code = try c.string(c.expected["error"], "expected.error")
            try c.expectError(EncodingFailure.self, "decoding", matching: { $0.code.rawValue == code }) {
                _ = try PaymentRequest(encoded: encoded)
            }
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
