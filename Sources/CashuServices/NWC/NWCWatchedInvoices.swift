// NIP-47 — Nostr Wallet Connect: the invoices the service is waiting for right now, shared by its loop and the waits.

import CoreCashu

/// Payment hashes of the invoices being waited for.
final class NWCWatchedInvoices: Sendable {
    private let hashes = Locked(Set<String>())

    /// Adds `hash`; `false` when it is being waited for already.
    func insert(_ hash: String) -> Bool { hashes.withLock { $0.insert(hash).inserted } }

    func remove(_ hash: String) { _ = hashes.withLock { $0.remove(hash) } }
}
