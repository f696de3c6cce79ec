// Local API: one line of the wallet's story (`GET /v1/activity`, `GET /v1/pending`).

import CoreCashu

/// An activity entry: what, how much, its fee, where, its state, when (Unix time).
struct ActivityBody: Encodable, Sendable {
    var id: String
    var kind: String
    var state: String
    var amount: UInt64
    var fee: UInt64
    var unit: String
    var mint: String
    var to: String?
    var memo: String?
    var createdAt: Int64

    init(_ entry: ActivityEntry) {
        id = entry.id.description
        kind = entry.kind.rawValue
        state = entry.state.rawValue
        amount = entry.amount
        fee = entry.fee
        unit = entry.unit.rawValue
        mint = entry.mintURL.rawValue
        to = entry.destination?.rawValue
        memo = entry.memo
        createdAt = Int64(entry.createdAt.timeIntervalSince1970)
    }
}
