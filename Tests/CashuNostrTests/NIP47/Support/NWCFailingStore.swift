// NIP-47 tests — a service store whose writes fail on demand, in front of a memory store.

import CashuEngine

@testable import CashuNostr

/// A ``NWCMemoryStore`` whose claims or ledger updates throw `.storage` while the test says so.
final class NWCFailingStore: NWCServiceStore {
    let inner: NWCMemoryStore
    private let failures = Locked<(claims: Bool, ledgerUpdatesLeft: Int?)>((false, nil))

    init(_ inner: NWCMemoryStore) { self.inner = inner }

    /// Claims fail.
    func failClaims() { failures.withLock { $0.claims = true } }

    /// Ledger updates fail after `count` more succeed.
    func failLedger(after count: Int) { failures.withLock { $0.ledgerUpdatesLeft = count } }

    func connection(servicePublicKey: NostrPublicKey) async throws(NostrError) -> NWCConnection? {
        try await inner.connection(servicePublicKey: servicePublicKey)
    }

    func claimRequest(_ eventID: String, connectionID: String, createdAt: Int64) async throws(NostrError) -> Bool {
        if failures.withLock({ $0.claims }) { throw NostrError(.storage, "claims fail") }
        return try await inner.claimRequest(eventID, connectionID: connectionID, createdAt: createdAt)
    }

    func updateLedger<T: Sendable>(
        connectionID: String, _ body: @escaping @Sendable (inout NWCBudgetLedger) -> T
    ) async throws(NostrError) -> T {
        let fail = failures.withLock { state -> Bool in
            guard let left = state.ledgerUpdatesLeft else { return false }
            state.ledgerUpdatesLeft = left - 1
            return left <= 0
        }
        if fail { throw NostrError(.storage, "ledger fails") }
        return try await inner.updateLedger(connectionID: connectionID, body)
    }
}
