// NIP-47 — Nostr Wallet Connect: notification types ("Notifications"), unknown ones kept by name.

/// A NIP-47 notification type.
package struct NWCNotificationType: RawRepresentable, Sendable, Hashable, Comparable, Codable,
    CustomStringConvertible
{
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    /// A payment was received by the wallet.
    package static let paymentReceived = NWCNotificationType(rawValue: "payment_received")
    /// A payment was sent by the wallet.
    package static let paymentSent = NWCNotificationType(rawValue: "payment_sent")
    /// A payer locked in a hold invoice.
    package static let holdInvoiceAccepted = NWCNotificationType(rawValue: "hold_invoice_accepted")

    package var description: String { rawValue }

    package static func < (lhs: NWCNotificationType, rhs: NWCNotificationType) -> Bool { lhs.rawValue < rhs.rawValue }
}
