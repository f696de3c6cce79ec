// NIP-47 — Nostr Wallet Connect: a notification's content, `{"notification_type": …, "notification": {…}}`.

import Foundation

/// A notification: its type and the transaction it is about.
package struct NWCNotification: Sendable, Hashable, Codable {
    /// `payment_received`, `payment_sent`, …
    package var type: NWCNotificationType
    /// The invoice or payment.
    package var transaction: NWCTransaction

    enum CodingKeys: String, CodingKey {
        case type = "notification_type"
        case transaction = "notification"
    }

    package init(type: NWCNotificationType, transaction: NWCTransaction) {
        self.type = type
        self.transaction = transaction
    }

    /// A payment the wallet received.
    package static func paymentReceived(_ transaction: NWCTransaction) -> NWCNotification {
        NWCNotification(type: .paymentReceived, transaction: transaction)
    }

    /// A payment the wallet sent.
    package static func paymentSent(_ transaction: NWCTransaction) -> NWCNotification {
        NWCNotification(type: .paymentSent, transaction: transaction)
    }

    /// The notification as compact JSON.
    package var jsonText: String { NWCJSONValue(encoding: self).jsonText }

    /// Parses a notification's JSON.
    ///
    /// - Throws: ``NostrError`` `.malformedWalletMessage`.
    package init(jsonText: String) throws(NostrError) {
        do {
            self = try JSONDecoder().decode(NWCNotification.self, from: Data(jsonText.utf8))
        } catch {
            throw NostrError(.malformedWalletMessage, "a notification has a notification_type and a notification")
        }
    }

    /// The events that carry this notification to `connection`'s client: one per scheme of `cipher` (NIP-47:
    /// kind 23197 under NIP-44, and 23196 under NIP-04 when the service also speaks NIP-04), signed by the
    /// connection's service key with a `p` tag naming the client. None when the connection does not take this
    /// type of notification or is no longer active.
    ///
    /// - Throws: ``NostrError`` when the content cannot be encrypted or the event signed.
    package func events(
        for connection: NWCConnection, cipher: any NWCCipher, createdAt: Int64
    ) throws(NostrError) -> [NostrEvent] {
        guard connection.isActive(at: createdAt), connection.notifications.contains(type) else { return [] }
        var events: [NostrEvent] = []
        for scheme in cipher.schemes {
            let content = try cipher.encrypt(
                jsonText, with: scheme, from: connection.serviceKeys, to: connection.clientPublicKey)
            let draft = NostrEventDraft(
                by: connection.serviceKeys, kind: scheme.notificationKind,
                tags: [["p", connection.clientPublicKey.hex]], content: content, createdAt: createdAt)
            events.append(try draft.signed(by: connection.serviceKeys))
        }
        return events
    }
}
