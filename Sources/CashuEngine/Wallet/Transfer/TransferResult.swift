// Wallet: how a transfer between mints ended, or how far it came (docs/architecture.md, "Transfers").

import Foundation

/// Where a transfer is.
public enum TransferState: String, Hashable, Sendable, Codable {
    /// The sats arrived at the destination.
    case done
    /// Under way: the payment is in flight or the destination has not minted yet. The transfer stays journaled;
    /// ``Wallet/recover()`` (every start, `cashu refresh`) continues it.
    case pending
    /// Nothing moved.
    case failed
}

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
    public var state: TransferState
    /// What arrived at `to` (the amount when done, else 0).
    public var arrived: UInt64
    /// What the payment cost at `from` beyond the amount (Lightning fee and input fees), once it is known.
    public var fee: UInt64?
    /// Why it is pending or failed.
    public var reason: String?
    /// When it was started.
    public var createdAt: Date
}
