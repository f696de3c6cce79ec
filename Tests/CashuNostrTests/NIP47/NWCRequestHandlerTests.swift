// NIP-47 — the service's checks before a request reaches the wallet: addressing, authorization, expiration, replay,
// encryption negotiation, malformed content.

import Testing

@testable import CashuNostr

@Suite("NIP-47 request handler: checks")
struct NWCRequestHandlerTests {
    @Test("a NIP-44 request gets a verified response to the client, answering the request, under NIP-44")
    func nip44() async throws {
        let fixture = try await NWCTestFixture()
        let response = try await fixture.send(.plain(.getBalance), scheme: .nip44v2)
        #expect(response == .success(.getBalance, .balance(msat: 100_000_000)))
    }

    @Test("no encryption tag means NIP-04, and so does nip04; the response uses the request's scheme")
    func nip04() async throws {
        let fixture = try await NWCTestFixture()
        #expect(try await fixture.send(.plain(.getBalance), scheme: nil).error == nil)
        #expect(try await fixture.send(.plain(.getBalance), scheme: .nip04).error == nil)
    }

    @Test("a client using NIP-44 and NIP-04 directly: requests decrypt, responses decrypt with the same scheme")
    func wireFormat() async throws {
        let fixture = try await NWCTestFixture()
        let service = fixture.connection.servicePublicKey
        let json = NWCRequest.plain(.getBalance).jsonText
        for (scheme, content) in [
            (NWCEncryption.nip44v2, try NIP44.encrypt(json, from: fixture.client, to: service)),
            (.nip04, try NIP04.encrypt(json, from: fixture.client, to: service)),
        ] {
            let tags = [["p", service.hex], ["encryption", scheme.rawValue]]
            let event = try NostrEventDraft(
                by: fixture.client, kind: 23194, tags: tags, content: content, createdAt: fixture.clock.now
            ).signed(by: fixture.client)
            let reply = try #require(await fixture.handler.handle(event).reply)
            let plaintext =
                scheme == .nip44v2
                ? try NIP44.decrypt(reply.event.content, by: fixture.client, from: service)
                : try NIP04.decrypt(reply.event.content, by: fixture.client, from: service)
            #expect(try NWCResponse(jsonText: plaintext) == .success(.getBalance, .balance(msat: 100_000_000)))
            #expect(reply.event.content.contains("?iv=") == (scheme == .nip04))
        }
    }

    @Test("an unknown scheme gets UNSUPPORTED_ENCRYPTION under the preferred one")
    func unknownScheme() async throws {
        let fixture = try await NWCTestFixture()
        var event = try fixture.event(.plain(.getBalance), scheme: .nip44v2)
        let tags = event.tags.map { $0.first == "encryption" ? ["encryption", "nip44_v3"] : $0 }
        event = try NostrEventDraft(
            by: fixture.client, kind: event.kind, tags: tags, content: event.content, createdAt: event.createdAt
        ).signed(by: fixture.client)
        let response = try await fixture.reply(to: event, decryptWith: .nip44v2)
        #expect(response.error?.code == .unsupportedEncryption)
        #expect(response.result == nil)
    }

    @Test("a service without NIP-04 answers a NIP-04 request UNSUPPORTED_ENCRYPTION, under NIP-44")
    func nip04Unsupported() async throws {
        let fixture = try await NWCTestFixture(cipher: NWCStandardCipher(schemes: [.nip44v2]))
        let event = try fixture.event(.plain(.getBalance), scheme: nil, content: "anything")
        let response = try await fixture.reply(to: event, decryptWith: .nip44v2)
        #expect(response.error?.code == .unsupportedEncryption)
    }

    @Test("an event addressed to no service key of ours, or to none, is ignored")
    func notOurs() async throws {
        let fixture = try await NWCTestFixture()
        let other = try fixture.event(.plain(.getBalance), to: NostrKeyPair.random().publicKey)
        #expect(await fixture.handler.handle(other) == .ignored(.notAddressedToService))
        let untagged = try NostrEventDraft(
            by: fixture.client, kind: NWCEventKind.request, tags: [], content: "x", createdAt: fixture.clock.now
        ).signed(by: fixture.client)
        #expect(await fixture.handler.handle(untagged) == .ignored(.notAddressedToService))
    }

    @Test("another author gets UNAUTHORIZED and nothing is paid")
    func otherAuthor() async throws {
        let fixture = try await NWCTestFixture()
        let stranger = NostrKeyPair.random()
        let invoice = try fixture.invoice(msat: 10_000)
        let response = try await fixture.send(.payInvoice(NWCPayInvoiceParams(invoice: invoice)), from: stranger)
        #expect(response.error?.code == .unauthorized)
        #expect(response.resultType == "pay_invoice")
        #expect(await fixture.wallet.prepared.isEmpty)
    }

    @Test("a revoked or expired connection gets UNAUTHORIZED and nothing is paid")
    func revokedAndExpired() async throws {
        let fixture = try await NWCTestFixture(expiresAt: NWCTestFixture.start + 60)
        let invoice = try fixture.invoice(msat: 10_000)
        fixture.clock.advance(60)
        #expect(
            try await fixture.send(.payInvoice(NWCPayInvoiceParams(invoice: invoice))).error?.code == .unauthorized)
        fixture.clock.advance(-30)
        await fixture.store.revoke(id: fixture.connection.id, at: fixture.clock.now)
        let response = try await fixture.send(.payInvoice(NWCPayInvoiceParams(invoice: invoice)))
        #expect(response.error == NWCResponseError(.unauthorized, "this connection was revoked"))
        #expect(await fixture.wallet.prepared.isEmpty)
    }

    @Test("a request past its expiration tag is ignored; one before it is handled")
    func expiration() async throws {
        let fixture = try await NWCTestFixture()
        let invoice = try fixture.invoice(msat: 10_000)
        let request = NWCRequest.payInvoice(NWCPayInvoiceParams(invoice: invoice))
        let expired = try fixture.event(request, expiration: fixture.clock.now - 1)
        #expect(await fixture.handler.handle(expired) == .ignored(.expired))
        #expect(await fixture.wallet.payments.isEmpty)
        let live = try fixture.event(request, expiration: fixture.clock.now + 60)
        #expect(await fixture.handler.handle(live).reply?.response.error == nil)
    }

    @Test("requests older than a day or from the future are ignored")
    func timeWindow() async throws {
        let fixture = try await NWCTestFixture()
        let old = try fixture.event(.plain(.getBalance), createdAt: fixture.clock.now - 86_401)
        #expect(await fixture.handler.handle(old) == .ignored(.outsideTimeWindow))
        let future = try fixture.event(.plain(.getBalance), createdAt: fixture.clock.now + 301)
        #expect(await fixture.handler.handle(future) == .ignored(.outsideTimeWindow))
        let skewed = try fixture.event(.plain(.getBalance), createdAt: fixture.clock.now + 299)
        #expect(await fixture.handler.handle(skewed).reply != nil)
    }

    @Test("other kinds and events that do not verify are ignored")
    func invalidEvents() async throws {
        let fixture = try await NWCTestFixture()
        let event = try fixture.event(.plain(.getBalance))
        let tampered = NostrEvent(
            id: event.id, pubkey: event.pubkey, createdAt: event.createdAt, kind: event.kind, tags: event.tags,
            content: event.content + "x", sig: event.sig)
        #expect(await fixture.handler.handle(tampered) == .ignored(.invalidEvent))
        let note = try NostrEventDraft(by: fixture.client, kind: 1, tags: event.tags, content: event.content)
            .signed(by: fixture.client)
        #expect(await fixture.handler.handle(note) == .ignored(.notARequest))
    }

    @Test("a replayed request is ignored and pays once")
    func replay() async throws {
        let fixture = try await NWCTestFixture()
        let invoice = try fixture.invoice(msat: 10_000)
        let event = try fixture.event(.payInvoice(NWCPayInvoiceParams(invoice: invoice)))
        #expect(await fixture.handler.handle(event).reply?.response.error == nil)
        #expect(await fixture.handler.handle(event) == .ignored(.replay))
        #expect(await fixture.handler.handle(event) == .ignored(.replay))
        #expect(await fixture.wallet.payments.count == 1)
    }

    @Test("content that does not decrypt, is not JSON, or has bad params gets an error response")
    func garbage() async throws {
        let fixture = try await NWCTestFixture()
        for garbage in ["%%% not a payload", ""] {
            let undecryptable = try fixture.event(.plain(.getBalance), content: garbage)
            let response = try await fixture.reply(to: undecryptable, decryptWith: .nip44v2)
            #expect(response.error?.code == .other)
            #expect(response.resultType == "")
        }
        for (plaintext, resultType) in [
            ("not json at all", ""), ("[1,2]", ""), (#"{"method":"pay_invoice","params":{"amount":1}}"#, "pay_invoice"),
            (#"{"method":"make_invoice","params":"x"}"#, "make_invoice"),
        ] {
            let content = try fixture.cipher.encrypt(
                plaintext, with: .nip44v2, from: fixture.client, to: fixture.connection.servicePublicKey)
            let event = try fixture.event(.plain(.getBalance), content: content)
            let response = try await fixture.reply(to: event, decryptWith: .nip44v2)
            #expect(response.error?.code == .other)
            #expect(response.resultType == resultType)
        }
        #expect(await fixture.wallet.prepared.isEmpty)
    }

    @Test("random content never crashes the handler and always gets an error response")
    func fuzz() async throws {
        let fixture = try await NWCTestFixture()
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(#"{}[]":,0123456789abcdefghijklmnopqrstuvwxyz_-. \"#)
        for _ in 0..<200 {
            let length = Int.random(in: 1..<80, using: &generator)
            var text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            if Bool.random(using: &generator) { text = #"{"method":"pay_invoice","params":"# + text }
            let content = try fixture.cipher.encrypt(
                text, with: .nip44v2, from: fixture.client, to: fixture.connection.servicePublicKey)
            let event = try fixture.event(.plain(.getBalance), content: content)
            let response = try await fixture.reply(to: event, decryptWith: .nip44v2)
            #expect(response.error != nil)
        }
    }

    @Test("an unknown method is NOT_IMPLEMENTED; a method the connection may not use is RESTRICTED")
    func methods() async throws {
        let fixture = try await NWCTestFixture(methods: [.getBalance, .getInfo])
        let unknown = try await fixture.send(.plain(NWCMethod(rawValue: "teleport")))
        #expect(unknown.error?.code == .notImplemented)
        #expect(unknown.resultType == "teleport")
        let keysend = try await fixture.send(.plain(.payKeysend))
        #expect(keysend.error?.code == .notImplemented)
        let invoice = try fixture.invoice(msat: 1_000)
        let pay = try await fixture.send(.payInvoice(NWCPayInvoiceParams(invoice: invoice)))
        #expect(pay.error?.code == .restricted)
        #expect(await fixture.wallet.prepared.isEmpty)
    }

    @Test("the subscription filter asks for requests to every connection's service key")
    func filter() async throws {
        let fixture = try await NWCTestFixture()
        let filter = fixture.handler.subscriptionFilter(for: [fixture.connection], since: 5)
        #expect(filter.kinds == [NWCEventKind.request])
        #expect(filter.tags == ["p": [fixture.connection.servicePublicKey.hex]])
        #expect(filter.matches(try fixture.event(.plain(.getBalance), createdAt: 6)))
    }
}
