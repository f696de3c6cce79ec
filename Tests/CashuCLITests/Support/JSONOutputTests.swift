// Tests of JSONOutput: key order kept, strings escaped, numbers exact, valid JSON.

import Foundation
import Testing

@testable import CashuCLI

@Suite("JSONOutput")
struct JSONOutputTests {
    @Test("objects keep their key order; the rendering reads like the documented shapes")
    func shape() {
        let value: JSONOutput = ["total": .number(1000), "mints": ["http://m": ["sat": 1000]]]
        #expect(value.rendered == "{\"total\": 1000, \"mints\": {\"http://m\": {\"sat\": 1000}}}")
    }

    @Test("strings are escaped and the result parses")
    func escaping() throws {
        let value: JSONOutput = [
            "s": .string("a\"b\\c\nd\u{1}\u{2028}é"), "n": .number(UInt64.max), "neg": .int(-3), "z": .null,
            "a": [true, false],
        ]
        let parsed = try JSONSerialization.jsonObject(with: Data(value.rendered.utf8)) as? [String: Any]
        #expect(parsed?["s"] as? String == "a\"b\\c\nd\u{1}\u{2028}é")
        #expect((parsed?["n"] as? NSNumber)?.uint64Value == UInt64.max)
        #expect(!value.rendered.contains("\n"))
    }
}
