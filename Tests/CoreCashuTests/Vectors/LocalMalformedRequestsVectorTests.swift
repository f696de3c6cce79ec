// Vectors/local-malformed-requests.json — one parameterised test over every case of the file.

import Testing

@testable import CoreCashu

@Suite("local-malformed-requests vectors")
struct LocalMalformedRequestsVectorTests {
    static let file = VectorFile.load("local-malformed-requests")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        throw c.fail("not implemented yet")
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
