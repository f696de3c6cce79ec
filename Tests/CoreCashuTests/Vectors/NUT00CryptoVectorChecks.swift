// Vectors/nut00.json — the hash_to_curve, blinding and blind-signing cases.

@testable import CoreCashu

enum NUT00CryptoVectorChecks {
    static func check(_ c: VectorCase) throws {
        throw c.fail("not implemented yet")
    }
}
