// NIP-47 tests — a wallet service with one connection, and a client that sends it requests and reads its replies.

import CashuEngine
import CashuTestSupport
import Foundation
import Testing

@testable import CashuNostr

/// A service (memory store, test wallet, real NIP-44 v2 and NIP-04, test clock) and a client connected to it.
struct NWCTestFixture {
    /// 2025-06-11 (a Wednesday) 12:00:00 UTC.
    static let start: Int64 = 1_749_643_200

    let store: NWCMemoryStore
    let wallet: NWCTestWallet
    let clock: NWCTestClock
    let cipher: any NWCCipher
    let handler: NWCRequestHandler
    let connection: NWCConnection
    let uri: NWCConnectionURI

    init(
        budget: NWCBudget? = nil, methods: [NWCMethod] = NWCMethod.walletServiceMethods,
        cipher: any NWCCipher = NWCStandardCipher(), configuration: NWCServiceConfiguration = NWCServiceConfiguration(),
        expiresAt: Int64? = nil
    ) async throws {
        clock = NWCTestClock(Self.start)
        let relay = try NostrRelayURL("wss://relay.example.com")
        let made = NWCConnection.create(
            name: "test app", relays: [relay], methods: methods, budget: budget, createdAt: Self.start,
            expiresAt: expiresAt)
        connection = made.connection
        uri = made.uri
        store = NWCMemoryStore(connections: [made.connection])
        wallet = NWCTestWallet()
        self.cipher = cipher
        handler = NWCRequestHandler(
            store: store, backend: wallet, cipher: cipher, configuration: configuration, clock: clock.function)
    }

    /// The client's key pair (from the URI's secret).
    var client: NostrKeyPair { uri.secret }

    /// A request event as a client makes it.
    func event(
        _ request: NWCRequest, scheme: NWCEncryption? = .nip44v2, from author: NostrKeyPair? = nil,
        to service: NostrPublicKey? = nil, createdAt: Int64? = nil, expiration: Int64? = nil,
        content: String? = nil
    ) throws -> NostrEvent {
        let author = author ?? client
        let service = service ?? uri.walletPublicKey
        var tags = [["p", service.hex]]
        if let scheme { tags.append(["encryption", scheme.rawValue]) }
        if let expiration { tags.append(["expiration", String(expiration)]) }
        let encrypted =
            try content ?? cipher.encrypt(request.jsonText, with: scheme ?? .nip04, from: author, to: service)
        let draft = NostrEventDraft(
            by: author, kind: NWCEventKind.request, tags: tags, content: encrypted, createdAt: createdAt ?? clock.now)
        return try draft.signed(by: author)
    }

    /// Sends `request` and returns the decrypted response, after checking the response event: kind 23195, valid,
    /// signed by the service key, `p` = the requester, `e` = the request, encrypted with `scheme`.
    func send(
        _ request: NWCRequest, scheme: NWCEncryption? = .nip44v2, from author: NostrKeyPair? = nil
    ) async throws -> NWCResponse {
        let event = try event(request, scheme: scheme, from: author)
        return try await reply(to: event, decryptWith: scheme ?? .nip04, by: author ?? client)
    }

    /// Handles `event` and returns the decrypted response (checked as in ``send(_:scheme:from:)``).
    func reply(
        to event: NostrEvent, decryptWith scheme: NWCEncryption, by reader: NostrKeyPair? = nil
    ) async throws -> NWCResponse {
        let outcome = await handler.handle(event)
        let reply = try #require(outcome.reply, "expected a response, got \(outcome)")
        let response = reply.event
        try response.verify()
        #expect(response.kind == NWCEventKind.response)
        #expect(response.pubkey == connection.servicePublicKey)
        #expect(response.tags.filter { $0.first == "p" } == [["p", event.pubkey.hex]])
        #expect(response.tags.filter { $0.first == "e" } == [["e", event.id]])
        #expect(reply.relays == connection.relays)
        let reader = reader ?? client
        let plaintext = try cipher.decrypt(
            response.content, with: scheme, by: reader, from: connection.servicePublicKey)
        let decoded = try NWCResponse(jsonText: plaintext)
        #expect(decoded == reply.response)
        return decoded
    }

    /// An invoice of `msat` (none: an invoice without an amount), made now, with a random payment hash.
    func invoice(msat: UInt64?, expiry: UInt64 = 3600) throws -> String {
        let hrp = msat.map { "lnbc\($0 * 10)p" } ?? "lnbc"
        return try Bolt11TestInvoice.make(
            hrp: hrp, timestamp: UInt64(clock.now),
            fields: [
                .paymentHash(Bolt11TestInvoice.randomPreimage()),
                .paymentSecret([UInt8](repeating: 0x11, count: 32)), .description("nwc test"), .expiry(expiry),
            ])
    }

    /// The hex payment hash of `invoice`.
    static func paymentHash(_ invoice: String) throws -> String { Hex.encode(try Bolt11Invoice(invoice).paymentHash) }
}
