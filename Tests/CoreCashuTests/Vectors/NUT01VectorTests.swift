// Vectors/nut01.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut01 vectors")
struct NUT01VectorTests {
    static let file = VectorFile.load("nut01")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        guard c.group == "keyset_validation" else { throw c.fail("unknown group \(c.group)") }
        let keys = try NUTVectorHelpers.keyMap(c.input["keys"], c)
        if c.valid {
            let parsed = try KeysetKeys(hexKeys: keys)
            try c.expectEqual(parsed.keys.count, keys.count, "key count")
            try c.expectTrue(c.expected["accept"].boolValue == true, "vector expects acceptance")
        } else {
            try c.expectError(KeysetError.self, "invalid keyset", matching: { $0.code == .invalidKey }) {
                _ = try KeysetKeys(hexKeys: keys)
            }
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}

/// Shared by this helper's vector checks (NUT-01/02): reads a vector `keys` object.
enum NUTVectorHelpers {
    static func keyMap(_ value: JSONValue, _ c: VectorCase) throws -> [String: String] {
        guard let object = value.objectValue else { throw c.fail("keys is not an object") }
        var map: [String: String] = [:]
        for (amount, key) in object {
            guard let hex = key.stringValue else { throw c.fail("key for \(amount) is not a string") }
            map[amount] = hex
        }
        return map
    }

    /// A JSON value with every `null` object member removed, for "equivalent re-encoding" comparisons.
    static func droppingNulls(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let o):
            return .object(o.filter { !$0.value.isNull }.mapValues(droppingNulls))
        case .array(let a):
            return .array(a.map(droppingNulls))
        default:
            return value
        }
    }
}
