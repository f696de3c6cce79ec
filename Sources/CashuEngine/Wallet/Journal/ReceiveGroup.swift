// Wallet: a receive split into several swaps (NUT-03 under NUT-06 `max_array_length`) — which operations belong
// together, and the one history line they share.

/// The parts of a receive too large for one swap. Each part is an operation of its own, with its own journal, claim
/// and recovery; all of them are journaled in one transaction before the first request leaves, so a crash between
/// two parts leaves the rest journaled and recovery sends them. Only the first part (the leader) has a history line:
/// it shows the whole receive.
struct ReceiveGroup: Codable, Sendable, Hashable {
    /// The first part, whose history line stands for the receive.
    var leader: OperationID
    /// Every part, the leader first.
    var parts: [OperationID]
}

/// What a part's journal tells once it closes: its group and what it was worth. Decodes from an open
/// ``SwapJournal`` (its other fields are ignored).
struct ReceiveGroupPart: Codable, Sendable {
    var group: ReceiveGroup?
    var amount: UInt64
    var fee: UInt64
}
