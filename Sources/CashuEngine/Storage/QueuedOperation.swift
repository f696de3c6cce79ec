// Storage: one entry of the offline queue — an operation asked for while its mint was unreachable, kept till it runs.

import Foundation

/// A queued operation: a receive, melt or check that waits for its mint, runs once, and keeps its outcome.
///
/// `payload` is the queue's own Codable request (the token to receive, the payment request to melt); it can hold a
/// token worth money, so it never prints and the queue drops it once the entry is done. `result` is the outcome the
/// queue recorded (amounts, operation ids), free of secrets.
package struct QueuedOperation: Hashable, Sendable, CustomStringConvertible {
    /// What the entry does.
    package typealias Kind = QueuedOperationKind
    /// Where the entry is in its life.
    package typealias State = QueuedOperationState

    /// The entry's id (its own, not a wallet operation's).
    package var id: OperationID
    /// The mint it waits for.
    package var mintURL: MintURL
    /// What it does.
    package var kind: Kind
    /// The request (JSON). Holds secrets: it never prints.
    package var payload: [UInt8]
    /// Where it is.
    package var state: State
    /// How many times it was started.
    package var attempts: Int
    /// The last failure's code (a ``WalletError/Code`` raw value), when there was one.
    package var lastErrorCode: String?
    /// The last failure's reason, free of secrets.
    package var lastError: String?
    /// The wallet operation this entry started and waits on (or finished with), when there is one.
    package var operationID: OperationID?
    /// The recorded outcome (JSON), once it is done or failed.
    package var result: [UInt8]?
    /// When it was queued; entries of one mint run in this order.
    package var createdAt: Date
    /// When it last changed.
    package var updatedAt: Date

    /// Creates an entry.
    package init(
        id: OperationID = .random(),
        mintURL: MintURL,
        kind: Kind,
        payload: [UInt8],
        state: State = .queued,
        attempts: Int = 0,
        lastErrorCode: String? = nil,
        lastError: String? = nil,
        operationID: OperationID? = nil,
        result: [UInt8]? = nil,
        createdAt: Date = Date(),
        updatedAt: Date = Date()
    ) {
        self.id = id
        self.mintURL = mintURL
        self.kind = kind
        self.payload = payload
        self.state = state
        self.attempts = attempts
        self.lastErrorCode = lastErrorCode
        self.lastError = lastError
        self.operationID = operationID
        self.result = result
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    package var description: String {
        "QueuedOperation(\(id), \(kind), \(mintURL), \(state), attempts: \(attempts), "
            + "payload: <redacted \(payload.count) bytes>)"
    }
}

/// What an offline queue entry does (`QueuedEntry.kind`).
public enum QueuedOperationKind: Hashable, Sendable, CaseIterable, PackageNamed {
    /// Receive a token (NUT-03 swap).
    case receive
    /// Pay a payment request (NUT-05 melt).
    case melt
    /// Check pending sends and melts (NUT-07).
    case check

    /// The name the store keeps.
    package var rawValue: String {
        switch self {
        case .receive: "receive"
        case .melt: "melt"
        case .check: "check"
        }
    }
}

/// Where an offline queue entry is in its life (`QueuedEntry.state`).
public enum QueuedOperationState: Hashable, Sendable, CaseIterable, PackageNamed {
    /// Waiting for its mint (or for the outcome of the wallet operation it started, see `operationID`).
    case queued
    /// Marked as running, in the transaction before it runs. An entry found `running` whose lease no one holds
    /// was interrupted (the process died); the queue resumes it.
    case running
    /// Finished with a definite success.
    case done
    /// Finished with a definite failure (the mint refused, the token was spent by someone else, ...).
    case failed

    /// Whether the queue still has to run the entry.
    package var isPending: Bool { self == .queued || self == .running }

    /// The name the store keeps.
    package var rawValue: String {
        switch self {
        case .queued: "queued"
        case .running: "running"
        case .done: "done"
        case .failed: "failed"
        }
    }
}
