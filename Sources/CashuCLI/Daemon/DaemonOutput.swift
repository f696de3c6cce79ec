// CLI daemon: JSON output of the daemon commands.

import Foundation

enum DaemonOutput {
    /// Prints `object` as one line of JSON (`nil` values as `null`).
    static func printJSON(_ object: [String: Any]) {
        let cleaned = object.mapValues { value -> Any in
            if case Optional<Any>.none = value { return NSNull() }
            return value
        }
        if let data = try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys, .withoutEscapingSlashes]) {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}
