// NIP-47 — Nostr Wallet Connect: the wallet store's metadata keys the service uses and their JSON (connections'
// public records, budget ledgers, handled requests, invoices made), read and written inside store transactions.

import CashuNostr
import CoreCashu
import Foundation

/// The metadata the wallet service keeps, one JSON value per key.
enum NWCMetadata {
    /// Every connection's public record (``NWCConnectionRecord``), revoked ones included.
    static let connections = "nip47.connections"
    /// The invoices connections made and the service still watches (``NWCMadeInvoice``).
    static let invoices = "nip47.invoices"

    /// The budget ledger of connection `id`.
    static func ledger(_ id: String) -> String { "nip47.ledger." + id }

    /// The handled requests of connection `id`.
    static func requests(_ id: String) -> String { "nip47.requests." + id }

    /// The value under `key`, or `empty` when there is none.
    ///
    /// - Throws: ``StoredValueUnreadable`` when it is there but does not decode: never replaced by `empty` (a
    ///   ledger read as empty would give a spent budget back).
    static func read<T: Codable>(_ key: String, in tx: any WalletTransaction, empty: T) throws -> T {
        guard let text = try tx.metadata(key) else { return empty }
        do { return try JSONDecoder().decode(T.self, from: Data(text.utf8)) } catch {
            throw StoredValueUnreadable(key: key)
        }
    }

    /// Writes `value` under `key`.
    static func write<T: Codable>(_ value: T, _ key: String, in tx: any WalletTransaction) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try tx.setMetadata(key, String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// A stored value that does not decode.
    struct StoredValueUnreadable: Error, CustomStringConvertible {
        let key: String
        var description: String { "the stored value \(key) cannot be read" }
    }

    /// The ``NostrError`` `.storage` a failed transaction becomes (its reason names no secret).
    static func storageError(_ what: String, _ error: any Error) -> NostrError {
        if let error = error as? NostrError { return error }
        if let unreadable = error as? StoredValueUnreadable {
            return NostrError(.storage, "cannot \(what): \(unreadable)")
        }
        return NostrError(.storage, "cannot \(what): the wallet store failed")
    }
}
