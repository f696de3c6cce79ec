// Test support: reading fields of a parsed `--json` object.

import Foundation

/// JSON number helpers for the tests.
extension Dictionary where Key == String, Value == Any {
    func uint(_ key: String) -> UInt64? { (self[key] as? NSNumber)?.uint64Value }
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    func array(_ key: String) -> [[String: Any]]? { self[key] as? [[String: Any]] }
    func string(_ key: String) -> String? { self[key] as? String }
}
