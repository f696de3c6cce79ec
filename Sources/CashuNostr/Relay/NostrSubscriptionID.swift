// NIP-01 — subscription ids: arbitrary, non-empty, at most 64 characters, chosen by the client per connection.

import CashuEngine

/// Subscription ids. The client makes them random, so a relay learns nothing from them and two subscriptions (or
/// two wallets behind one connection) never collide.
package enum NostrSubscriptionID {
    /// NIP-01's longest subscription id, in characters.
    package static let maxLength = 64

    /// 32 random lowercase hex characters.
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Whether `id` is non-empty and at most ``maxLength`` characters.
    package static func isValid(_ id: String) -> Bool { !id.isEmpty && id.count <= maxLength }
}
