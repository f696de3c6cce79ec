// NIP-47 — Nostr Wallet Connect: where a connection's service private key is kept in the secure store.

import CoreCashu

extension SecureStoreKey {
    /// The private key (raw 32 bytes) the wallet service answers connection `id` with.
    package static func nwcServiceKey(_ id: String) -> String { "nip47/" + id }
}
