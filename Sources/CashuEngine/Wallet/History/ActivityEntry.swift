// Wallet: one line of the wallet's story — what a user did, with the operations it was made of.

import Foundation

/// A line of ``Wallet/activity(limit:)``: a history line as a user tells it. A transfer between mints is one line
/// (from, to, amount, fees) instead of its melt at one mint and its mint at the other.
public struct ActivityEntry: Hashable, Sendable {
    /// The line's operation id (a transfer's own id; the events of the operation carry it).
    public var id: OperationID
    /// What happened.
    public var kind: OperationKind
    /// The mint (a transfer's source).
    public var mintURL: MintURL
    /// A transfer's destination; `nil` for anything else.
    public var destination: MintURL?
    /// The unit.
    public var unit: CurrencyUnit
    /// The amount moved (a transfer's: what arrives), fees excluded.
    public var amount: UInt64
    /// Fees paid (a transfer's: what its payment cost beyond the amount, once known).
    public var fee: UInt64
    /// Open, settled, or did not happen.
    public var state: ActivityState
    /// A memo, when there is one.
    public var memo: String?
    /// When it began.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// The operations it is made of, besides ``id`` (a transfer's melt and mint); their history lines are not listed.
    public var parts: [OperationID]

    /// A plain history line as an activity line.
    package init(_ entry: HistoryEntry) {
        id = entry.id
        kind = entry.kind
        mintURL = entry.mintURL
        destination = nil
        unit = entry.unit
        amount = entry.amount
        fee = entry.fee
        state = entry.state
        memo = entry.memo
        createdAt = entry.createdAt
        updatedAt = entry.updatedAt
        parts = []
    }
}
