// NUT-18 — one payment received from the wallet's Nostr inbox.

import CoreCashu

/// A payment that arrived over Nostr and was received into the wallet.
public struct ReceivedNostrPayment: Sendable, Hashable {
    /// The request it paid, when it named one of ours.
    public var requestID: String?
    /// The mint of its ecash.
    public var mint: String
    /// The unit.
    public var unit: String
    /// What was credited (after input fees).
    public var amount: UInt64
    /// The payer's memo.
    public var memo: String?

    /// A payment received.
    package init(requestID: String?, mint: String, unit: String, amount: UInt64, memo: String?) {
        self.requestID = requestID
        self.mint = mint
        self.unit = unit
        self.amount = amount
        self.memo = memo
    }
}
