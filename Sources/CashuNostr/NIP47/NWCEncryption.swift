// NIP-47 — Nostr Wallet Connect: the encryption schemes a request may name in its `encryption` tag.

import Foundation

/// An encryption scheme of NIP-47 content (the "Encryption" section).
package enum NWCEncryption: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// NIP-44 version 2, the one the spec prefers.
    case nip44v2 = "nip44_v2"
    /// NIP-04, deprecated, kept for clients that predate NIP-44.
    case nip04

    /// The scheme a request event asks for.
    ///
    /// NIP-47: no `encryption` tag means NIP-04.
    /// - Returns: the scheme, or `nil` when the tag names one this module does not know (the service answers
    ///   `UNSUPPORTED_ENCRYPTION`).
    package static func requested(by event: NostrEvent) -> NWCEncryption? {
        guard let value = event.firstTagValue("encryption") else { return .nip04 }
        return NWCEncryption(rawValue: value.trimmingCharacters(in: .whitespaces))
    }

    /// The notification kind this scheme's notifications are sent as (NIP-44: 23197, NIP-04: 23196).
    package var notificationKind: Int {
        switch self {
        case .nip44v2: NWCEventKind.notification
        case .nip04: NWCEventKind.legacyNotification
        }
    }

    package var description: String { rawValue }
}
