// NIP-47 on the wallet's own store (SQLite) and secure store (a file): a connection's key only in the secure store,
// requests claimed once across two store objects (two processes' worth), ledgers that survive and are never reset
// when unreadable, revocation that deletes the key.

import CashuNostr
import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("NIP-47 service store on the wallet store")
struct NWCWalletStoreTests {
    let database: TemporarySQLiteStore
    let secrets: FileSecureStore
    let mint = try! MintURL("https://mint.example")

    init() throws {
        database = try TemporarySQLiteStore()
        secrets = FileSecureStore(file: database.directory.url.appendingPathComponent("secrets.json"))
    }

    func store(clock: @escaping @Sendable () -> Int64 = { NostrClock.now() }) -> NWCWalletStore {
        NWCWalletStore(store: database, secureStore: secrets, clock: clock)
    }

    func newConnection(budget: NWCBudget? = nil) -> NWCConnection {
        NWCConnection.create(
            name: "app", relays: [try! NostrRelayURL("wss://relay.example")], budget: budget,
            createdAt: NostrClock.now()
        ).connection
    }

    @Test("the service key is in the secure store only; another store object finds the connection by its key")
    func keySealedAway() async throws {
        let connection = newConnection(budget: NWCBudget(limitSats: 100, renewal: .daily))
        let record = try await store().add(connection, mint: mint)
        #expect(record.servicePublicKey == connection.servicePublicKey)
        #expect(record.mint == mint)

        let metadata = try await database.read { tx in try tx.metadata(NWCMetadata.connections) } ?? ""
        #expect(!metadata.isEmpty)
        #expect(!metadata.contains(connection.serviceKeys.privateKey.exposedSecretHex))
        let stored = try await secrets.load(key: SecureStoreKey.nwcServiceKey(connection.id))
        #expect(stored?.exposedSecretBytes == connection.serviceKeys.privateKey.exposedSecretBytes)

        let found = try await store().connection(servicePublicKey: connection.servicePublicKey)
        #expect(found == connection)
        #expect(try await store().connection(servicePublicKey: NostrKeyPair.random().publicKey) == nil)
    }

    @Test("a request is claimed once, also through another store object; old claims are pruned")
    func claimsOnce() async throws {
        let now = Int64(1_800_000_000)
        let first = store { now }
        #expect(try await first.claimRequest("a", connectionID: "c", createdAt: now))
        #expect(try await !first.claimRequest("a", connectionID: "c", createdAt: now))
        #expect(try await !store { now }.claimRequest("a", connectionID: "c", createdAt: now))
        // Another connection's records are apart.
        #expect(try await first.claimRequest("a", connectionID: "d", createdAt: now))

        // Two days later the record of "a" is gone once another claim prunes it (the handler ignores "a" anyway).
        let later = store { now + 2 * 86_400 }
        #expect(try await later.claimRequest("b", connectionID: "c", createdAt: now + 2 * 86_400))
        let text = try await database.read { tx in try tx.metadata(NWCMetadata.requests("c")) } ?? ""
        let handled = try JSONDecoder().decode(NWCHandledRequests.self, from: Data(text.utf8))
        #expect(handled.count == 1)
    }

    @Test("claims racing from two store objects: each request is won exactly once")
    func racingClaims() async throws {
        let (one, two) = (store(), store())
        let ids = (0..<20).map { "event-\($0)" }
        let now = NostrClock.now()
        let wins = await withTaskGroup(of: Int.self) { group in
            for id in ids {
                for side in [one, two] {
                    group.addTask {
                        (try? await side.claimRequest(id, connectionID: "c", createdAt: now)) == true ? 1 : 0
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wins == ids.count)
    }

    @Test("ledger updates persist; an unreadable ledger is an error, never an empty one")
    func ledgers() async throws {
        let budget = NWCBudget(limitSats: 1000, renewal: .never)
        let reserved = try await store().updateLedger(connectionID: "c") { ledger in
            ledger.reserve(paymentHash: "ab", requestID: "r", sats: 300, budget: budget, at: 1)
        }
        #expect(reserved == .reserved)
        let ledger = try await store().ledger(connectionID: "c")
        #expect(ledger.remainingSats(budget, at: 2) == 700)

        try await database.write { tx in try tx.setMetadata(NWCMetadata.ledger("c"), "{not json") }
        await #expect(throws: NostrError.self) { try await store().ledger(connectionID: "c") }
        await #expect(throws: NostrError.self) {
            try await store().updateLedger(connectionID: "c") { ledger in
                ledger.reserve(paymentHash: "cd", requestID: "s", sats: 1, budget: budget, at: 1)
            }
        }
        let text = try await database.read { tx in try tx.metadata(NWCMetadata.ledger("c")) }
        #expect(text == "{not json")
    }

    @Test("revoking marks the record and deletes the key; the connection is no longer found; twice keeps the time")
    func revoke() async throws {
        let connection = newConnection()
        let times = Counter(start: 1_800_000_000)
        let store = store { times.next() }
        try await store.add(connection, mint: mint)
        #expect(try await store.connection(servicePublicKey: connection.servicePublicKey) != nil)

        let revoked = try #require(try await store.revoke(id: connection.id))
        let revokedAt = try #require(revoked.revokedAt)
        #expect(try await secrets.load(key: SecureStoreKey.nwcServiceKey(connection.id)) == nil)
        #expect(try await store.connection(servicePublicKey: connection.servicePublicKey) == nil)
        #expect(try await self.store().connection(servicePublicKey: connection.servicePublicKey) == nil)
        #expect(try await store.revoke(id: connection.id)?.revokedAt == revokedAt)
        #expect(try await store.revoke(id: "0000000000000000") == nil)
        #expect(try await store.records().map(\.isRevoked) == [true])
    }

    @Test("a record whose key is missing from the secure store is not served")
    func missingKey() async throws {
        let connection = newConnection()
        try await store().add(connection, mint: mint)
        try await secrets.delete(key: SecureStoreKey.nwcServiceKey(connection.id))
        #expect(try await store().connection(servicePublicKey: connection.servicePublicKey) == nil)
    }

    @Test("invoices made are remembered by payment hash and forgotten")
    func invoices() async throws {
        let store = store()
        let invoice = NWCMadeInvoice(paymentHash: "aa", connectionID: "c", createdAt: 5, expiresAt: 10)
        try await store.recordInvoice(invoice)
        let older = NWCMadeInvoice(paymentHash: "bb", connectionID: "c", createdAt: 1, expiresAt: nil)
        try await store.recordInvoice(older)
        #expect(try await store.madeInvoices().map(\.paymentHash) == ["bb", "aa"])
        try await store.forgetInvoice(paymentHash: "bb")
        #expect(try await store.madeInvoices() == [invoice])
    }
}

/// Increasing times for a store's clock.
final class Counter: Sendable {
    private let value: Locked<Int64>

    init(start: Int64) { value = Locked(start) }

    func next() -> Int64 { value.withLock { $0 += 1; return $0 } }
}
