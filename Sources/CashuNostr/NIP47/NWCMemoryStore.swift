// NIP-47 — Nostr Wallet Connect: the service store in memory (tests, and hosts that persist it themselves).

/// A ``NWCServiceStore`` in memory.
package actor NWCMemoryStore: NWCServiceStore {
    private var connections: [String: NWCConnection] = [:]
    private var claimed: [String: Int64] = [:]
    private var ledgers: [String: NWCBudgetLedger] = [:]

    package init(connections: [NWCConnection] = []) {
        for connection in connections { self.connections[connection.id] = connection }
    }

    /// Adds or replaces a connection (by id).
    package func save(_ connection: NWCConnection) {
        connections[connection.id] = connection
    }

    /// Revokes a connection.
    ///
    /// - Returns: whether it existed.
    @discardableResult
    package func revoke(id: String, at time: Int64) -> Bool {
        guard var connection = connections[id] else { return false }
        if connection.revokedAt == nil { connection.revokedAt = time }
        connections[id] = connection
        return true
    }

    /// Every connection, by creation time.
    package func allConnections() -> [NWCConnection] {
        connections.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// The ledger of `connectionID`.
    package func ledger(connectionID: String) -> NWCBudgetLedger { ledgers[connectionID] ?? NWCBudgetLedger() }

    /// Forgets handled requests created before `time`.
    package func pruneRequests(createdBefore time: Int64) {
        claimed = claimed.filter { $0.value >= time }
    }

    /// The connection whose service key is `servicePublicKey`.
    package func connection(servicePublicKey: NostrPublicKey) throws(NostrError) -> NWCConnection? {
        connections.values.first { $0.servicePublicKey == servicePublicKey }
    }

    /// Claims `eventID`: `true` the first time.
    package func claimRequest(_ eventID: String, connectionID: String, createdAt: Int64) throws(NostrError) -> Bool {
        guard claimed[eventID] == nil else { return false }
        claimed[eventID] = createdAt
        return true
    }

    /// Runs `body` on the ledger of `connectionID`, atomically (the actor serialises it).
    package func updateLedger<T: Sendable>(
        connectionID: String, _ body: @escaping @Sendable (inout NWCBudgetLedger) -> T
    ) throws(NostrError) -> T {
        var ledger = ledgers[connectionID] ?? NWCBudgetLedger()
        let result = body(&ledger)
        ledgers[connectionID] = ledger
        return result
    }
}
