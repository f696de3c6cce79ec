// NIP-47 — a failing store: nothing is paid unless the request is recorded and the budget reserved.

import Testing

@testable import CashuNostr

@Suite("NIP-47 request handler: storage failures")
struct NWCRequestHandlerStorageTests {
    /// The fixture's connection served through a failing store.
    private func setUp() async throws -> (NWCTestFixture, NWCFailingStore, NWCRequestHandler) {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 1_000, renewal: .daily))
        let store = NWCFailingStore(fixture.store)
        let handler = NWCRequestHandler(
            store: store, backend: fixture.wallet, cipher: fixture.cipher, clock: fixture.clock.function)
        return (fixture, store, handler)
    }

    private func pay(_ fixture: NWCTestFixture, _ handler: NWCRequestHandler) async throws -> NWCResponse {
        let event = try fixture.event(.payInvoice(NWCPayInvoiceParams(invoice: try fixture.invoice(msat: 10_000))))
        let reply = try #require(await handler.handle(event).reply)
        let plaintext = try fixture.cipher.decrypt(
            reply.event.content, with: .nip44v2, by: fixture.client, from: fixture.connection.servicePublicKey)
        return try NWCResponse(jsonText: plaintext)
    }

    @Test("a request that cannot be recorded as handled is answered INTERNAL and not paid")
    func claimFails() async throws {
        let (fixture, store, handler) = try await setUp()
        store.failClaims()
        #expect(try await pay(fixture, handler).error?.code == .internal)
        #expect(await fixture.wallet.prepared.isEmpty)
    }

    @Test("a budget that cannot be read or reserved is INTERNAL and nothing is paid")
    func ledgerFails() async throws {
        let (fixture, store, handler) = try await setUp()
        store.failLedger(after: 0)
        #expect(try await pay(fixture, handler).error?.code == .internal)
        store.failLedger(after: 1)
        #expect(try await pay(fixture, handler).error?.code == .internal)
        #expect(await fixture.wallet.payments.isEmpty)
    }

    @Test("a payment made but not recorded as settled is still a success, and its reservation stays counted")
    func settleFails() async throws {
        let (fixture, store, handler) = try await setUp()
        store.failLedger(after: 2)
        #expect(try await pay(fixture, handler).error == nil)
        let ledger = await fixture.store.ledger(connectionID: fixture.connection.id)
        #expect(ledger.spends.map(\.state) == [.pending])
        #expect(ledger.spends.map(\.sats) == [12])
    }
}
