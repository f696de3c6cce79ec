// Storage: JSON text as the SQL stores keep it in their columns.

import Foundation

/// Sorted-key JSON text, the form stored JSON columns hold (keys, DLEQ proofs).
package enum StoredJSON {
    /// The JSON text of `value`; `what` names it in the error.
    package static func text(_ value: some Encodable, _ what: String) throws(StorageError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw StorageError(.database, "\(what) cannot be encoded")
        }
    }
}
