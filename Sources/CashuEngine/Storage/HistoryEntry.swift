// Storage: one line of the wallet's history — every operation with its amount, fee, mint, unit, time and state.

import Foundation

/// A history entry; its id is the operation's id.
public struct HistoryEntry: Hashable, Sendable {
    /// Whether the operation is still open, settled, or did not happen.
    public enum State: String, Hashable, Sendable, Codable, CaseIterable {
        case pending
        case done
        case failed
    }

    /// The operation's id.
    public var id: OperationID
    /// What happened.
    public var kind: OperationKind
    /// The mint.
    public var mintURL: MintURL
    /// The unit.
    public var unit: CurrencyUnit
    /// The amount moved: received, sent, minted, or paid (excluding fees).
    public var amount: UInt64
    /// Fees paid: NUT-02 input fees plus, for melts, the Lightning fee actually spent.
    public var fee: UInt64
    /// The state.
    public var state: State
    /// A memo (a token's memo, an invoice description), when there is one.
    public var memo: String?
    /// When the operation began.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

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
