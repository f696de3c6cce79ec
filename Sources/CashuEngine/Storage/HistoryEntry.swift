// Storage: one line of the wallet's history — every operation with its amount, fee, mint, unit, time and state.

import Foundation

/// A history entry; its id is the operation's id.
package struct HistoryEntry: Hashable, Sendable {
    /// Whether the operation is still open, settled, or did not happen.
    package typealias State = ActivityState

    /// The operation's id.
    package var id: OperationID
    /// What happened.
    package var kind: OperationKind
    /// The mint.
    package var mintURL: MintURL
    /// The unit.
    package var unit: CurrencyUnit
    /// The amount moved: received, sent, minted, or paid (excluding fees).
    package var amount: UInt64
    /// Fees paid: NUT-02 input fees plus, for melts, the Lightning fee actually spent.
    package var fee: UInt64
    /// The state.
    package var state: State
    /// A memo (a token's memo, an invoice description), when there is one.
    package var memo: String?
    /// When the operation began.
    package var createdAt: Date
    /// When it last changed.
    package var updatedAt: Date

    /// Creates an entry.
    package init(
        id: OperationID, kind: OperationKind, mintURL: MintURL, unit: CurrencyUnit, amount: UInt64, fee: UInt64,
        state: State, memo: String? = nil, createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.id = id
        self.kind = kind
        self.mintURL = mintURL
        self.unit = unit
        self.amount = amount
        self.fee = fee
        self.state = state
        self.memo = memo
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
