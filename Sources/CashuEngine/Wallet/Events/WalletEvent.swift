// Wallet: what a wallet tells its front ends as it happens (docs/architecture.md, "Events").

/// Something that happened in a wallet, for front ends that show it live (``Wallet/events(bufferingNewest:)``).
///
/// Events carry amounts, ids and states, never a secret, a proof or a token: a front end that needs the token of a
/// send reads it from the call that made it.
public enum WalletEvent: Sendable, Hashable {
    /// The spendable balance of a mint and unit changed (to `balance`).
    case balanceChanged(mint: MintURL, unit: CurrencyUnit, balance: UInt64)
    /// An operation was prepared and holds its inputs until it is confirmed, cancelled, or lapses.
    case operationPrepared(WalletOperationEvent)
    /// An operation was journaled and its request is about to leave.
    case operationStarted(WalletOperationEvent)
    /// A long operation (a restore, a receive in several parts, a consolidation, a batch mint) made progress.
    case operationProgressed(WalletOperationEvent, WalletProgress)
    /// An operation settled: its outputs are stored, its inputs spent.
    case operationSettled(WalletOperationEvent)
    /// An operation's outcome is not known yet (the mint said pending, or did not answer); recovery settles it.
    case operationPending(WalletOperationEvent)
    /// An operation definitely did not happen; what it reserved was released.
    case operationFailed(WalletOperationEvent)
    /// A prepared operation was released without being confirmed.
    case operationReleased(WalletOperationEvent, HoldRelease)
    /// A mint quote was paid (the ecash can be minted).
    case mintQuotePaid(mint: MintURL, quoteID: String, amount: UInt64)
    /// A token the wallet sent was claimed by its receiver (the mint says its proofs are spent).
    case sentTokenClaimed(WalletOperationEvent)
    /// Work queued while a mint was unreachable ran: `done` true when it succeeded, false when it was refused.
    case queuedWorkFinished(mint: MintURL, entry: OperationID, operation: OperationID?, done: Bool)
    /// A mint became reachable (`true`) or unreachable (`false`).
    case mintReachability(mint: MintURL, reachable: Bool)
    /// A mint started signing with a new keyset of `unit`.
    case keysetRotated(mint: MintURL, unit: CurrencyUnit, keyset: KeysetID)
    /// NUT-21: a mint needs a (new) login before it serves this wallet again.
    case loginNeeded(mint: MintURL)
    /// This subscriber was too slow and `count` events were dropped before this one: re-read what it shows.
    case eventsMissed(count: Int)
}

/// The operation an event is about: its id (as in the history), what it does, where, and its figures so far.
public struct WalletOperationEvent: Sendable, Hashable {
    /// The operation's id (the history line's id).
    public var id: OperationID
    /// What it does.
    public var kind: OperationKind
    /// Its mint.
    public var mint: MintURL
    /// Its unit.
    public var unit: CurrencyUnit
    /// Its amount (sent, received, paid, minted), when known.
    public var amount: UInt64?
    /// Its fees (input fees, and for a melt the Lightning fee), when known.
    public var fee: UInt64?

    /// Creates the event's operation.
    package init(
        id: OperationID, kind: OperationKind, mint: MintURL, unit: CurrencyUnit, amount: UInt64? = nil,
        fee: UInt64? = nil
    ) {
        self.id = id
        self.kind = kind
        self.mint = mint
        self.unit = unit
        self.amount = amount
        self.fee = fee
    }
}

/// How far a long operation has come: `completed` of `total` steps (parts, batches, requests).
public struct WalletProgress: Sendable, Hashable {
    /// Steps done.
    public var completed: Int
    /// Steps in all (for a restore, the batches scanned so far plus one: it is open-ended).
    public var total: Int
    /// What the steps are ("parts", "batches", "quotes").
    public var unit: String

    /// Creates a progress value.
    package init(completed: Int, total: Int, unit: String) {
        self.completed = completed
        self.total = total
        self.unit = unit
    }

    /// The fraction done, 0 to 1.
    public var fraction: Double { total > 0 ? min(1, Double(completed) / Double(total)) : 0 }
}
