// NIP-47 — the in-memory service store: lookup by service key, requests claimed once, ledgers, revocation.

import Testing

@testable import CashuNostr

@Suite("NIP-47 memory store")
struct NWCMemoryStoreTests {
    @Test("connections by service key; revoking keeps them, marked")
    func connections() async throws {
        let (connection, _) = try NWCConnectionTests.make()
        let store = NWCMemoryStore(connections: [connection])
        #expect(try await store.connection(servicePublicKey: connection.servicePublicKey) == connection)
        #expect(try await store.connection(servicePublicKey: connection.clientPublicKey) == nil)
        #expect(await store.revoke(id: connection.id, at: 150))
        #expect(!(await store.revoke(id: "nope", at: 150)))
        let revoked = try await store.connection(servicePublicKey: connection.servicePublicKey)
        #expect(revoked?.revokedAt == 150)
        #expect(await store.allConnections().count == 1)
    }

    @Test("a request is claimed once, even by concurrent handlers; pruning forgets old claims")
    func claims() async throws {
        let store = NWCMemoryStore()
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask { (try? await store.claimRequest("e1", connectionID: "c", createdAt: 5)) ?? false }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 1)
        await store.pruneRequests(createdBefore: 6)
        #expect(try await store.claimRequest("e1", connectionID: "c", createdAt: 5))
    }

    @Test("ledger updates are kept per connection")
    func ledgers() async throws {
        let store = NWCMemoryStore()
        let outcome = try await store.updateLedger(connectionID: "c") { ledger in
            ledger.reserve(paymentHash: "aa", requestID: "r", sats: 5, budget: nil, at: 1)
        }
        #expect(outcome == .reserved)
        #expect(await store.ledger(connectionID: "c").spends.count == 1)
        #expect(await store.ledger(connectionID: "d").spends.isEmpty)
    }
}
