// Storage: one entry of the operations journal — enough to finish or undo the operation after a crash.

import Foundation

/// A journaled operation. `payload` is the operation's own Codable plan (outputs with secrets and blinding factors,
/// counters, the exact request body); the store keeps it opaque.
package struct OperationRecord: Hashable, Sendable, CustomStringConvertible {
    /// The operation's id.
    package var id: OperationID
    /// What it does.
    package var kind: OperationKind
    /// The mint it talks to.
    package var mintURL: MintURL
    /// Its unit.
    package var unit: CurrencyUnit
    /// How far it has come.
    package var state: OperationState
    /// The kind-specific journal (JSON). Holds secrets: it never prints.
    package var payload: [UInt8]
    /// When it was journaled.
    package var createdAt: Date
    /// When its state last changed.
    package var updatedAt: Date

    /// Creates a record.
    package init(
        id: OperationID, kind: OperationKind, mintURL: MintURL, unit: CurrencyUnit, state: OperationState,
        payload: [UInt8], createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.id = id
        self.kind = kind
        self.mintURL = mintURL
        self.unit = unit
        self.state = state
        self.payload = payload
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    package var description: String {
        "OperationRecord(\(id), \(kind), \(mintURL), \(unit), \(state), payload: <redacted \(payload.count) bytes>)"
    }
}
