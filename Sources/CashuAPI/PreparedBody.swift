// Local API: a prepared operation's figures, as `POST /v1/prepare/...` answers (docs/api/openapi.yaml, Prepared).

import Foundation

/// What a client shows before confirming: the amount, every fee at most, the most that leaves the balance.
struct PreparedBody: Encodable, Sendable {
    var id: String
    var kind: String
    var amount: UInt64
    /// Every fee, at most; absent when unknown (a receive from a mint the wallet does not know yet).
    var fee: UInt64?
    /// What leaves the balance at most (for a receive: what arrives); absent when the fee is unknown.
    var total: UInt64?
    var unit: String
    var mint: String?
    var to: String?
    var receiverFee: UInt64?
    var canReceive: Bool?
    /// A receive whose token's mint cannot be reached now (`POST /v1/queue/receive` keeps it until it is back).
    var mintUnreachable: Bool?
    var memo: String?
    /// Unix time.
    var expiresAt: Int64?

    init(
        id: String, kind: String, amount: UInt64, fee: UInt64?, total: UInt64?, unit: String, mint: String? = nil,
        to: String? = nil, receiverFee: UInt64? = nil, canReceive: Bool? = nil, mintUnreachable: Bool? = nil,
        memo: String? = nil, expiresAt: Date?
    ) {
        self.id = id
        self.kind = kind
        self.amount = amount
        self.fee = fee
        self.total = total
        self.unit = unit
        self.mint = mint
        self.to = to
        self.receiverFee = receiverFee
        self.canReceive = canReceive
        self.mintUnreachable = mintUnreachable
        self.memo = memo
        self.expiresAt = expiresAt.map { Int64($0.timeIntervalSince1970) }
    }
}
