// Wallet: the journal of a swap (NUT-03) behind receive, send, reclaim and melt preparation.

/// What a swap wrote before its request left.
struct SwapJournal: Codable, Sendable {
    /// Why the swap happens; decides where its outputs go.
    enum Purpose: String, Codable, Sendable {
        case receive, send, swap, reclaim
    }

    var purpose: Purpose
    /// The exact request: inputs (stripped, with witnesses) and outputs.
    var request: SwapRequest
    /// `Y`s of the wallet's own proofs among the inputs (empty when receiving a token).
    var ownInputs: [CompressedPoint]
    /// The outputs with their secrets, in request order.
    var outputs: [PlannedOutput]
    /// Indices of outputs that go into a token (stored as `sent`).
    var sendIndices: [Int]
    /// The amount the history shows.
    var amount: UInt64
    /// The input fee paid.
    var fee: UInt64
    /// The token's memo.
    var memo: String?
    /// For a reclaim: the send whose proofs come back.
    var reclaimedOperation: OperationID?
    /// For one part of a receive split into several swaps: the parts and the one whose history line they share.
    var group: ReceiveGroup? = nil
}

extension SwapJournal {
    /// Where the wallet's inputs go when the swap did not happen: back to unspent, or for a reclaim back into the
    /// token they came from (its receiver may still claim it).
    var releaseStatus: (ProofStatus, OperationID?) {
        purpose == .reclaim ? (.sent, reclaimedOperation) : (.unspent, nil)
    }
}
