// Vectors/nut00.json — the token V3/V4/binary cases.

@testable import CoreCashu

enum NUT00TokenVectorChecks {
    static func check(_ c: VectorCase) throws {
        throw c.fail("not implemented yet")
    }
}
