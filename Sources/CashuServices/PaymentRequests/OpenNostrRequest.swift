// NUT-18 — a payment request this wallet made with a Nostr transport, kept until it is paid or dropped.

import CoreCashu

/// What the wallet remembers of a request it is waiting to be paid over Nostr.
public struct OpenNostrRequest: Sendable, Hashable, Codable {
    /// The request's id (`i`), echoed in the payment.
    public var id: String
    /// The amount asked, if any.
    package var amount: UInt64?
    /// The unit asked (`sat` when the request names none).
    public var unit: String
    /// The mints whose ecash is accepted; empty: the wallet's own mints.
    package var mints: [String]
    /// When it was made (seconds since the Unix epoch).
    package var createdAt: Int64
    /// What has been received for it so far.
    public var received: UInt64 = 0
    /// How many payments arrived.
    package var payments: Int = 0
    /// The relays the request named (read besides the wallet's own).
    package var relays: [String]?

    package init(id: String, amount: UInt64?, unit: String, mints: [String], createdAt: Int64) {
        self.id = id
        self.amount = amount
        self.unit = unit
        self.mints = mints
        self.createdAt = createdAt
    }

    /// Whether what arrived covers the amount asked (any payment, when none was asked).
    public var isPaid: Bool { amount.map { received >= $0 } ?? (payments > 0) }
}
