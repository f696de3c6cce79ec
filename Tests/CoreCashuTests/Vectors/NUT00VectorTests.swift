// Vectors/nut00.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut00 vectors")
struct NUT00VectorTests {
    static let file = VectorFile.load("nut00")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "hash_to_curve", "blinded_message", "blinded_signature":
            try NUT00CryptoVectorChecks.check(c)
        default:
            try NUT00TokenVectorChecks.check(c)
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
