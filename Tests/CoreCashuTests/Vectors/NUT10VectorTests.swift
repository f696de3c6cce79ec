// Vectors/nut10.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut10 vectors")
struct NUT10VectorTests {
    static let file = VectorFile.load("nut10")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "tag_format":
            // The tag goes through the real parser inside a complete well-known secret.
            let secret = "[\"P2PK\",{\"nonce\":\"00\",\"data\":\"00\",\"tags\":[\(c.input["tag"].jsonText)]}]"
            if c.valid {
                try c.expectEqual(c.expected["well_formed"].boolValue, true, "expected.well_formed")
                let parsed = try WellKnownSecret(parsing: secret)
                try c.expectEqual(parsed.tags.count, 1, "tag count")
                let expectedElements = try (c.input["tag"].arrayValue ?? []).map { try c.string($0, "tag element") }
                try c.expectEqual(parsed.tags[0].elements, expectedElements, "tag elements")
                try c.expectEqual(parsed.rawValue, secret, "raw secret kept")
            } else {
                try c.expectEqual(c.expected["well_formed"].boolValue, false, "expected.well_formed")
                try c.expectError(SpendingConditionError.self, "malformed tag", matching: { $0.code == .invalidTag }) {
                    _ = try WellKnownSecret(parsing: secret)
                }
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
