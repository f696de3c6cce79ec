// Local API: the prepared operations waiting for their confirm, by id; each is taken out once.

import Foundation

/// Prepared operations by id. A confirm or cancel takes the operation out first, so two confirms of one id cannot
/// both run: the second finds nothing (409). What the library holds lapses by itself at its `expiresAt`; a receive
/// (which holds nothing) is forgotten after ten minutes.
actor PreparedRegistry {
    private var entries: [String: (operation: PreparedOperation, until: Date)] = [:]
    private let receiveLifetime: TimeInterval

    init(receiveLifetime: TimeInterval = 600) {
        self.receiveLifetime = receiveLifetime
    }

    /// Keeps `operation`; returns its id.
    func add(_ operation: PreparedOperation, now: Date = Date()) -> String {
        prune(now)
        let id = APISessions.randomHex().prefix(32).description
        entries[id] = (operation, operation.expiresAt ?? now.addingTimeInterval(receiveLifetime))
        return id
    }

    /// Takes the operation out (for its confirm or cancel); `nil` when unknown, taken already or lapsed.
    func take(_ id: String, now: Date = Date()) -> PreparedOperation? {
        prune(now)
        return entries.removeValue(forKey: id)?.operation
    }

    private func prune(_ now: Date) {
        entries = entries.filter { $0.value.until > now }
    }
}
