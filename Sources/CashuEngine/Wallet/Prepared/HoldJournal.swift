// Wallet: what a prepared operation keeps in the journal while it waits for its confirmation.

import Foundation

/// The journal payload of an ``OperationState/awaitingConfirmation`` operation: the inputs it holds and until when.
///
/// What the confirmation needs beyond that (the lock, the memo, the quote) stays in the prepared value in memory: a
/// hold outlives neither its expiry nor the process that made it (a recovery pass releases it).
struct HoldJournal: Codable, Sendable, Hashable {
    /// What the hold is for.
    enum Purpose: String, Codable, Sendable {
        /// A send from proofs of the exact amount: no swap.
        case sendOffline
        /// A send that swaps the held proofs into the token and change.
        case sendSwap
        /// A melt paying from held proofs of the exact amount.
        case meltExact
        /// A melt that first swaps the held proofs into proofs of the exact amount.
        case meltSwap
    }

    var purpose: Purpose
    /// The held proofs (reserved under the operation's id).
    var inputs: [CompressedPoint]
    /// When the hold lapses by itself.
    var expiresAt: Date
    /// The melt quote, for a melt.
    var quoteID: String?

    /// Whether the hold has lapsed at `now`.
    func isExpired(at now: Date = Date()) -> Bool { now >= expiresAt }
}
