// Vectors/nut21.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut21 vectors")
struct NUT21VectorTests {
    static let file = VectorFile.load("nut21")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        guard c.group == "protected_endpoint_matching" else { throw c.fail("unknown group \(c.group)") }
        let matches = ProtectedEndpoint.matches(
            pattern: try c.string(c.input["pattern"], "pattern"), path: try c.string(c.input["request_path"], "path"))
        try c.expectEqual(matches, c.expected["matches"].boolValue ?? !matches, "matches")
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
