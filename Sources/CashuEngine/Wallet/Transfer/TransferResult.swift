// Wallet: how a transfer between mints ended, or how far it came (docs/architecture.md, "Transfers").

import Foundation

/// A transfer's report.
public struct TransferResult: Sendable {
    /// The transfer's id.
    public var operationID: OperationID
    /// The mint the sats left.
    public var from: MintURL
    /// The mint they arrive at.
    public var to: MintURL
    /// The unit.
    public var unit: CurrencyUnit
    /// The amount asked to arrive.
    public var amount: UInt64
    /// Where it is.
    public var state: ActivityState
    /// What arrived at `to` (the amount when done, else 0).
    public var arrived: UInt64
    /// What the payment cost at `from` beyond the amount (Lightning fee and input fees), once it is known.
    public var fee: UInt64?
    /// Why it is pending or failed.
    public var reason: String?
    /// When it was started.
    public var createdAt: Date
}
