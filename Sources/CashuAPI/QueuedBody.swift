// Local API: one operation of the offline queue, as `GET /v1/queue` lists it.

import CashuServices
import CoreCashu

/// A receive or payment stored until its mint is back, and what it waits for (secret-free: never its token).
struct QueuedBody: Encodable, Sendable {
    var id: String
    var kind: String
    var state: String
    var mint: String
    var amount: UInt64?
    var unit: String?
    var attempts: Int
    /// The last attempt's error code (`mintUnreachable`, …), or `notStarted`.
    var waiting: String
    /// The same in words.
    var reason: String

    init(_ entry: QueuedEntry, reason: QueueWaitReason) {
        id = entry.id.description
        switch entry.kind {
        case .receive: kind = "receive"
        case .melt: kind = "melt"
        case .check: kind = "check"
        }
        switch entry.state {
        case .queued: state = "queued"
        case .running: state = "running"
        case .done: state = "done"
        case .failed: state = "failed"
        }
        mint = entry.mintURL.rawValue
        amount = entry.amount
        unit = entry.unit?.rawValue
        attempts = entry.attempts
        waiting = reason.code
        self.reason = reason.detail
    }
}
