// NIP-47 — Nostr Wallet Connect: a transaction's state (`lookup_invoice`, `list_transactions`), unknown kept.

/// The state of an invoice or payment.
public struct NWCTransactionState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Not paid yet, or a payment in flight.
    public static let pending = NWCTransactionState(rawValue: "pending")
    /// Paid.
    public static let settled = NWCTransactionState(rawValue: "settled")
    /// A hold invoice the payer locked in.
    public static let accepted = NWCTransactionState(rawValue: "accepted")
    /// An invoice that expired unpaid.
    public static let expired = NWCTransactionState(rawValue: "expired")
    /// A payment that failed.
    public static let failed = NWCTransactionState(rawValue: "failed")

    public var description: String { rawValue }
}
