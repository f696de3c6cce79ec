// NIP-47 — the info event (13194) and notification events (23197, 23196) of a connection.

import Testing

@testable import CashuNostr

@Suite("NIP-47 info and notification events")
struct NWCEventsTests {
    @Test("the info event: signed by the connection's service key, its methods, schemes and notifications")
    func infoEvent() async throws {
        let fixture = try await NWCTestFixture(methods: [.payInvoice, .getBalance, .signMessage])
        let event = try fixture.handler.infoEvent(for: fixture.connection)
        try event.verify()
        #expect(event.kind == 13194)
        #expect(event.isReplaceable)
        #expect(event.pubkey == fixture.connection.servicePublicKey)
        #expect(event.content == "pay_invoice get_balance notifications")
        #expect(event.firstTagValue("encryption") == "nip44_v2 nip04")
        #expect(event.firstTagValue("notifications") == "payment_received payment_sent")
    }

    @Test("a connection without notifications lists none")
    func infoWithoutNotifications() async throws {
        let fixture = try await NWCTestFixture()
        var connection = fixture.connection
        connection.notifications = []
        let event = try fixture.handler.infoEvent(for: connection)
        #expect(!event.content.contains("notifications"))
        #expect(event.firstTagValue("notifications") == nil)
    }

    @Test("a notification goes as 23197 under NIP-44 and 23196 under NIP-04, to the client")
    func notifications() async throws {
        let fixture = try await NWCTestFixture()
        let notification = NWCNotification.paymentReceived(
            NWCTransaction(
                type: .incoming, state: .settled, paymentHash: "aa", amount: 1_000, createdAt: 1, settledAt: 2))
        let events = try fixture.handler.notificationEvents(notification, for: fixture.connection)
        #expect(events.map(\.kind) == [23197, 23196])
        for (event, scheme) in zip(events, [NWCEncryption.nip44v2, .nip04]) {
            try event.verify()
            #expect(event.pubkey == fixture.connection.servicePublicKey)
            #expect(event.tags == [["p", fixture.client.publicKey.hex]])
            let plaintext = try fixture.cipher.decrypt(
                event.content, with: scheme, by: fixture.client, from: fixture.connection.servicePublicKey)
            #expect(try NWCNotification(jsonText: plaintext) == notification)
        }
    }

    @Test("no notification for a revoked connection, one that does not take the type, or a type the service lacks")
    func noNotifications() async throws {
        let fixture = try await NWCTestFixture(configuration: NWCServiceConfiguration(notifications: [.paymentSent]))
        let transaction = NWCTransaction(type: .incoming, paymentHash: "aa", amount: 1_000, createdAt: 1)
        #expect(try fixture.handler.notificationEvents(.paymentReceived(transaction), for: fixture.connection).isEmpty)
        var connection = fixture.connection
        connection.notifications = [.paymentReceived]
        #expect(try fixture.handler.notificationEvents(.paymentSent(transaction), for: connection).isEmpty)
        connection = fixture.connection
        connection.revokedAt = 1
        #expect(try fixture.handler.notificationEvents(.paymentSent(transaction), for: connection).isEmpty)
        #expect(try fixture.handler.notificationEvents(.paymentSent(transaction), for: fixture.connection).count == 2)
    }
}
