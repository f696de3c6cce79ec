// Wallet saga: which NUT-09 batches a restore asks for, and where each keyset's counter ends (NUT-09, NUT-13).

/// The decisions of a restore, with no I/O: every keyset is scanned in batches of NUT-13 counters until
/// `gapLimit` batches in a row come back empty; a keyset that had hits gets its counter raised past the last one, so
/// new outputs never reuse a counter the mint has signed.
///
/// ``start()`` gives the first action; the wallet performs each action and feeds back what happened through
/// ``handle(_:)`` until ``Action/finish``. Checking the found proofs (NUT-07) and storing them is the wallet's, after.
struct RestoreScan: Sendable {
    /// What the wallet learned from performing an action.
    enum Event: Sendable, Equatable {
        /// The batch was answered: the counters whose outputs the mint had signed.
        case restored(signedCounters: [UInt64])
        /// The keyset's counter was raised (``Action/raiseCounter(keyset:to:)``).
        case counterRaised
    }

    /// What the wallet is to do next.
    enum Action: Sendable, Equatable {
        /// Ask the mint (NUT-09) for outputs of keyset number `keyset` at these counters.
        case restore(keyset: Int, counters: Range<UInt64>)
        /// Raise the keyset's NUT-13 counter to at least `to`.
        case raiseCounter(keyset: Int, to: UInt64)
        /// Every keyset is scanned.
        case finish
    }

    let keysetCount: Int
    let batchSize: UInt64
    let gapLimit: Int
    /// The keyset being scanned.
    private(set) var keyset = 0
    /// Its next counter.
    private(set) var counter: UInt64 = 0
    /// Empty batches in a row.
    private(set) var empty = 0
    /// Its highest counter the mint signed.
    private(set) var lastHit: UInt64?
    /// Batches asked for so far.
    private(set) var requests = 0

    init(keysetCount: Int, batchSize: Int, gapLimit: Int) {
        self.keysetCount = keysetCount
        self.batchSize = UInt64(max(1, batchSize))
        self.gapLimit = gapLimit
    }

    /// The first action.
    mutating func start() -> Action {
        keysetCount > 0 && gapLimit > 0 ? nextBatch() : .finish
    }

    /// The next action after `event`.
    mutating func handle(_ event: Event) -> Action {
        switch event {
        case .restored(let signed):
            counter += batchSize
            if let highest = signed.max() {
                empty = 0
                lastHit = max(lastHit ?? 0, highest)
            } else {
                empty += 1
            }
            guard empty >= gapLimit else { return nextBatch() }
            if let lastHit { return .raiseCounter(keyset: keyset, to: lastHit + 1) }
            return nextKeyset()
        case .counterRaised:
            return nextKeyset()
        }
    }

    private mutating func nextBatch() -> Action {
        requests += 1
        return .restore(keyset: keyset, counters: counter..<(counter + batchSize))
    }

    private mutating func nextKeyset() -> Action {
        keyset += 1
        counter = 0
        empty = 0
        lastHit = nil
        return keyset < keysetCount ? nextBatch() : .finish
    }
}
