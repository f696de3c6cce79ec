// CLI: a public key typed by the user — 33-byte compressed hex (02/03…) or 32-byte x-only hex (NUT-11 keys).

import CoreCashu
import Foundation

/// Parses public keys given on the command line.
enum PublicKeyArgument {
    static func parse(_ text: String) throws -> Point {
        let hex = text.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            if hex.count == 64 { return try Point(xOnly: try Hex.decode(hex)) }
            return try Point(hex: hex)
        } catch {
            throw CLIError(
                .input,
                "not a public key (66 hex digits, compressed): \(text.prefix(80))",
                code: "invalidInput"
            )
        }
    }
}
