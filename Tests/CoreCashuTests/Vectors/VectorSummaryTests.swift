// Every vector file under Vectors/, run through one registry; prints the suite's one-line summary.

import Testing

@Suite("NUT vector summary")
struct VectorSummaryTests {
    /// File name (without .json) → the check for its cases. Every file in Vectors/ must be listed.
    static let checks: [String: @Sendable (VectorCase) throws -> Void] = [
        "nut00": NUT00VectorTests.check,
        "nut01": NUT01VectorTests.check,
        "nut02": NUT02VectorTests.check,
        "nut04": NUT04VectorTests.check,
        "nut08": NUT08VectorTests.check,
        "nut10": NUT10VectorTests.check,
        "nut11": NUT11VectorTests.check,
        "nut12": NUT12VectorTests.check,
        "nut13": NUT13VectorTests.check,
        "nut14": NUT14VectorTests.check,
        "nut17": NUT17VectorTests.check,
        "nut18": NUT18VectorTests.check,
        "nut20": NUT20VectorTests.check,
        "nut21": NUT21VectorTests.check,
        "nut26": NUT26VectorTests.check,
        "nut27": NUT27VectorTests.check,
        "nut28": NUT28VectorTests.check,
        "nut29": NUT29VectorTests.check,
        "local-amount-split": LocalAmountSplitVectorTests.check,
        "local-malformed-tokens": LocalMalformedTokensVectorTests.check,
        "local-malformed-requests": LocalMalformedRequestsVectorTests.check,
        "bolt11": Bolt11VectorTests.check,
        "bc-ur": BCURVectorTests.check,
        "locking-keys": LockingKeysVectorTests.check,
    ]

    @Test("every vector file is registered and every case passes")
    func summary() throws {
        let names = VectorFile.allNames()
        #expect(Set(names) == Set(Self.checks.keys), "Vectors/ and the registry disagree")
        var passed = 0
        var failures: [String] = []
        for name in names {
            guard let check = Self.checks[name] else { continue }
            for c in VectorFile.load(name).cases {
                do {
                    try check(c)
                    passed += 1
                } catch {
                    failures.append("\(name) \(c.id): \(error)")
                }
            }
        }
        print("NUT vectors: \(passed) cases passed, \(failures.count) failed")
        for failure in failures { print("  FAILED \(failure)") }
        #expect(failures.count == 0)
    }
}
