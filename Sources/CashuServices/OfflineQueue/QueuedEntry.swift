// Offline queue: an entry as callers see it — what it does, for how much, and how it ended; never its token.

import CoreCashu
import Foundation

/// A queued operation without its secrets, for listing and reporting ("queued receive of 300 sat completed").
public struct QueuedEntry: Hashable, Sendable {
    /// The entry's id.
    public var id: OperationID
    /// The mint it waits for.
    public var mintURL: MintURL
    /// What it does.
    public var kind: QueuedOperationKind
    /// Where it is.
    public var state: QueuedOperationState
    /// The token's value at the mint (receives), when readable.
    public var amount: UInt64?
    /// The token's unit (receives) or the melt's unit.
    public var unit: CurrencyUnit?
    /// How many times it was started.
    public var attempts: Int
    /// The last failure's code and reason, free of secrets.
    public var lastErrorCode: String?
    public var lastError: String?
    /// The outcome, once done.
    public var result: QueuedOperationResult?
    /// When it was queued and when it last changed.
    package var createdAt: Date
    package var updatedAt: Date

    package init(_ entry: QueuedOperation) {
        id = entry.id
        mintURL = entry.mintURL
        kind = entry.kind
        state = entry.state
        attempts = entry.attempts
        lastErrorCode = entry.lastErrorCode
        lastError = entry.lastError
        result = entry.result.flatMap {
            try? JSONDecoder().decode(QueuedOperationResult.Stored.self, from: Data($0)).result
        }
        createdAt = entry.createdAt
        updatedAt = entry.updatedAt
        switch try? QueuedRequest.decode(entry.payload) {
        case .receive(let token, _)?:
            let attribution = ReceiveAttribution(token: token, mint: entry.mintURL)
            amount = attribution?.total
            unit = attribution?.unit
        case .melt(_, let melted, _)?:
            unit = melted
        case .check?, nil:
            break
        }
    }
}
